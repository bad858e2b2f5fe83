/** A box for the latest options: an actor or a handler created once reads them (they change every render). */
export class Latest<T> {
  constructor(public value: T) {}
  set(value: T) {
    this.value = value;
  }
}
