import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Server } from 'node:http';
import { type AddressInfo, createConnection, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; body: string; socket: unknown };

/** One request through `agent` (one kept-alive socket for all), its body sent in full. */
function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, agent },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, socket: req.socket }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

type RawAnswer = { status: number; headers: Record<string, string> };

/** Reads one HTTP/1.1 answer (sized by Content-Length) from a raw socket. */
function readAnswer(socket: Socket) {
  return new Promise<RawAnswer>((resolve, reject) => {
    if (socket.readableEnded || socket.destroyed)
      return reject(new Error('the server had closed the connection it kept alive'));
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      if (data.length < end + 4 + Number(headers['content-length'] ?? 0)) return;
      done();
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    };
    const onEnd = () => {
      done();
      reject(new Error('the server closed the connection without an answer'));
    };
    const done = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
      socket.off('close', onEnd);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onEnd);
    socket.on('close', onEnd);
  });
}

const connect = () =>
  new Promise<Socket>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => resolve(socket));
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a kept-alive connection after an answer given before the body was read', () => {
  it('is closed with the answer, so the client sends its next request on a new socket', async () => {
    // a client on a slow link: part of an upload, the early 401, then the rest of the body a while later
    let socket = await connect();
    const sockets = [socket];
    try {
      const first = Buffer.alloc(16 * 1024, 'a');
      const rest = Buffer.alloc(256 * 1024, 'a');
      socket.write(
        'POST /api/uploads?orderItem=1&kind=image HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${first.length + rest.length}\r\n\r\n`,
      );
      socket.write(first);
      const refused = await readAnswer(socket);
      expect(refused.status).toBe(401);
      await pause(700);
      socket.write(rest);
      // as HTTP/1.1 says: reuse the connection unless the answer said it closes
      if (refused.headers.connection?.toLowerCase() === 'close') {
        socket = await connect();
        sockets.push(socket);
      }
      const nextAnswer = readAnswer(socket);
      socket.write('GET /api/pincodes/600002 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect((await nextAnswer).status).toBe(200);
    } finally {
      for (const each of sockets) each.destroy();
    }
  });

  it('keeps the connection open after an answer that read the whole body', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(
        agent,
        'POST',
        '/api/pincodes/check',
        { 'content-type': 'application/json' },
        Buffer.from('{"pincode":"600002"}'),
      );
      expect(first.status).toBe(200);
      const next = await send(agent, 'GET', '/api/pincodes/600002', {});
      expect(next.status).toBe(200);
      expect(next.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
