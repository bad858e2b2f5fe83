// The actors only signed-in pages use: the order routes' cache, the WebSocket and the API's availability.
// create-actors.ts loads this module by dynamic import when the session first signs in (and the cabinet layout waits
// for it), so the first visit of /login does not carry their machines (the `signed-in` chunk, ~5 KB gzip;
// `npm run bench -- bundle`).
import { createActor, fromPromise, type InspectionEvent, type Observer } from 'xstate';
import { orderLoaderMachine } from '../../machines/order-loader/order-loader.machine';
import { selectStatus } from '../../machines/session/session.selectors';
import { selectIsUnavailable } from '../../machines/availability/availability.selectors';
import { systemClock } from '../../machines/shared/clock';
import type { OrderDetail } from '../../contract/orders.api';
import { availabilityMachine } from '../../machines/availability/availability.machine';
import { call, onAvailability } from '../api/client';
import type { AppActors, SignedInActors } from '../actors/app-actors';
import { createRealtimeActor } from '../actors/realtime';
import { takeFirstOrder } from '../lib/first-screen';

export function createSignedInActors({
  session,
  token,
  inspect,
}: Pick<AppActors, 'session' | 'token'> & { inspect?: Observer<InspectionEvent> }): SignedInActors {
  const orderLoader = createActor(
    orderLoaderMachine.provide({
      actors: {
        fetchOrder: fromPromise<OrderDetail, { id: number }>(({ input, signal }) =>
          call('GET /api/client/orders/:id/', { params: { id: input.id }, signal }),
        ),
      },
    }),
    { input: { now: systemClock }, inspect },
  );
  // Signed out (or another customer signs in): no cached order of the last one may show.
  session.subscribe((snapshot) => {
    if (
      selectStatus(snapshot) !== 'authSuccess' &&
      Object.keys(orderLoader.getSnapshot().context.cache).length > 0
    ) {
      orderLoader.send({ type: 'orderLoader.clear' });
    }
  });
  orderLoader.start();
  // An order's page came with its order (the signed-in first screen): a fresh copy, so the route opens it at once.
  const firstOrder = takeFirstOrder(session.getSnapshot().context.user?.id);
  if (firstOrder) orderLoader.send({ type: 'orderLoader.set', order: firstOrder });
  // The socket follows the session: open while signed in, closed on sign-out.
  const realtime = createRealtimeActor({ session, token, inspect });
  // Is the API serving? Every answer of the client says so; the probe is one cheap signed-in read, not retried.
  const availability = createActor(
    availabilityMachine.provide({
      actors: {
        probe: fromPromise(({ signal }) =>
          call('GET /api/client/profile/session/', { signal, noRetry: true, noRefresh: true }),
        ),
      },
    }),
    { inspect },
  );
  availability.start();
  onAvailability({
    unavailable: (retryAfter) => availability.send({ type: 'service.unavailable', retryAfter }),
    answered: () => {
      if (selectIsUnavailable(availability.getSnapshot())) availability.send({ type: 'service.answered' });
    },
  });
  return { orderLoader, realtime, availability };
}
