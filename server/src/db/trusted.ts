import mongoose from 'mongoose';

/**
 * Marks a query operator object as the server's own. mongoose's sanitizeFilter (on, see
 * connect.ts) turns any other object with '$' keys in a filter into a plain equality, so an
 * operator that slipped past validation from a request could never become a query operator.
 */
export function trusted<T extends object>(operators: T): T {
  return mongoose.trusted(operators) as T;
}
