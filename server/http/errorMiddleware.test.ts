// The one error middleware: a client that went away is not a server error (nothing recorded, no 500
// logged), while any other unexpected error is stored and answered as a 500.
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { errorMiddleware, type ErrorRecorder } from './errors';

function appThrowing(err: Error) {
  const recorder: ErrorRecorder = { serverError: vi.fn(() => 'req-1'), refused: vi.fn() };
  const log = vi.fn();
  const app = express();
  app.get('/boom', () => {
    throw err;
  });
  // A streamed answer that fails after its headers and first rows went out.
  app.get('/streamed', async (_req, res) => {
    res.status(200).set('Content-Type', 'text/csv');
    res.write('"a"\r\n');
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw err;
  });
  app.use(errorMiddleware(log, recorder));
  return { app, recorder, log };
}

describe('errorMiddleware', () => {
  it('an aborted request (ECONNABORTED) records nothing and logs nothing', async () => {
    const aborted = Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
    const { app, recorder, log } = appThrowing(aborted);
    const res = await request(app).get('/boom');
    expect(res.status).not.toBe(500);
    expect(recorder.serverError).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it('any other error is stored, logged and answered 500 with the request id', async () => {
    const { app, recorder, log } = appThrowing(new Error('kaput'));
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(recorder.serverError).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('an error after a streamed answer began is stored and logged, and the connection is closed (the download fails)', async () => {
    const { app, recorder, log } = appThrowing(new Error('page read failed'));
    await expect(request(app).get('/streamed')).rejects.toThrow(/socket hang up|aborted|ECONNRESET/);
    expect(recorder.serverError).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });
});
