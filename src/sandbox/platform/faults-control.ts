/**
 * The control API's faults (faults.ts): `GET /__sandbox/faults` lists them, `POST` adds one
 * (its rule as the JSON body), `POST /__sandbox/faults/{id}/release` lets the calls a holding
 * fault keeps waiting go on, `DELETE /__sandbox/faults/{id}` removes one and `DELETE
 * /__sandbox/faults` all. control.ts has already checked the API key for the changes.
 */
import { JsonAnswer, type Answer } from './answer.ts';
import { appError } from './errors.ts';
import { bodyLimit, readJsonObject } from './json-body.ts';
import type { Sandbox } from './sandbox.ts';
import type { SandboxRequest } from './types.ts';

const ok = (body: unknown) => new JsonAnswer(200, { 'content-type': 'application/json' }, JSON.stringify(body));

export async function faultControl(request: SandboxRequest, url: URL, sandbox: Sandbox): Promise<Answer> {
  const id = url.pathname.slice('/__sandbox/faults/'.length);
  if (url.pathname === '/__sandbox/faults' || url.pathname === '/__sandbox/faults/') {
    if (request.method === 'GET') return ok({ faults: sandbox.faults.list() });
    if (request.method === 'POST') {
      const body = await readJsonObject(request, bodyLimit(request.method, url.pathname));
      if (!body) throw appError(400, 'MALFORMED_JSON', 'Request body must be a JSON object: the fault’s rule');
      return ok({ fault: sandbox.faults.add(body) });
    }
    if (request.method === 'DELETE') {
      const cleared = sandbox.faults.list().length;
      sandbox.faults.clear();
      return ok({ cleared });
    }
  } else if (request.method === 'POST' && id.endsWith('/release')) {
    const fault = id.slice(0, -'/release'.length);
    return ok({ released: sandbox.faults.release(fault) });
  } else if (request.method === 'DELETE') {
    if (!sandbox.faults.remove(id)) throw appError(404, 'FAULT_NOT_FOUND', `No fault ${id} is in place`, { id });
    return ok({ removed: id });
  }
  throw appError(404, 'NOT_FOUND', `No sandbox control route ${request.method} ${url.pathname}`);
}
