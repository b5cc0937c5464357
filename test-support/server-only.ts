/** Stands in for the "server-only" package under Jest, which imports server modules directly. */
export {};
