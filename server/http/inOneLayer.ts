import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs request handlers one after another as ONE router layer: the same order and the same error
 * handling as separate `use` calls (an error, thrown, passed to `next` or a rejected promise, skips the
 * rest and goes to the error middleware), without the router's work between layers. For the few
 * middlewares every API request passes through (server/app.ts).
 */
export function inOneLayer(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (err?: unknown) => {
      if (err !== undefined && err !== null && err !== 'route' && err !== 'router') return done(err);
      if (err === 'route' || err === 'router') return done(err);
      const handler = handlers[index++];
      if (!handler) return done();
      try {
        const result = handler(req, res, next) as unknown;
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          (result as Promise<unknown>).then(undefined, (e: unknown) => done(e ?? new Error('Rejected promise')));
        }
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}
