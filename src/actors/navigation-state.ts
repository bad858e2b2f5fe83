// Where the visitor is, as the last resolved navigation left it (for the guard's `from` and the page views).
let currentPath: string | null = null;

export function resolvedPath(): string | null {
  return currentPath;
}

export function setResolvedPath(path: string): void {
  currentPath = path;
}
