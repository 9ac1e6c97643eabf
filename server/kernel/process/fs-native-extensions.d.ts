// The part of fs-native-extensions (no type definitions of its own) the portal uses.
declare module 'fs-native-extensions' {
  /** An exclusive (or `shared`) lock on the whole file: true when granted, false when another open file holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
