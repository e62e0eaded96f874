/**
 * The event log: every domain event, with the envelope of the spec's webhooks, stored in the
 * state (so a rolled-back request leaves none), streamed to subscribers (server-sent events)
 * and POSTed to the webhook URLs of the settings, with retries: each body a JWT signed as the
 * provider signs its deliveries (webhook-signing.ts), which the official SDK's
 * `webhooks.process` verifies with the sandbox's public key.
 */
import type { Db, DomainEventInput, Entity, SandboxSettings } from './types.ts';
import type { WebhookSigner } from './webhook-signing.ts';

export const EVENTS = 'events';

declare module './types.ts' {
  interface Collections {
    events: DomainEvent;
  }
}

export interface DomainEvent extends Entity {
  id: string;
  entityFqdn: string;
  slug: string;
  entityId: string;
  eventTime: string;
  sequence: number;
}

/**
 * A domain event in the spec's webhook envelope: `created` carries the entity, `updated` the
 * current entity, `deleted` marks it deleted (with the entity when `deletedEntity` is set); any
 * other slug is an action event whose body is `body` (the entity by default).
 */
export function entityEvent(
  entityFqdn: string,
  slug: string,
  entity: Entity,
  options: { body?: Record<string, unknown>; deletedEntity?: boolean } = {},
): DomainEventInput {
  const part =
    slug === 'created'
      ? { createdEvent: { entity } }
      : slug === 'updated'
        ? { updatedEvent: { currentEntity: entity } }
        : slug === 'deleted'
          ? { deletedEvent: { movedToTrash: false, ...(options.deletedEntity ? { deletedEntity: entity } : {}) } }
          : { actionEvent: { body: options.body ?? entity } };
  return { entityFqdn, slug, entityId: String(entity.id), ...part };
}

type Listener = (event: DomainEvent) => void;

export class EventHub {
  private listeners = new Set<Listener>();
  private sequence = 0;
  /** Webhook deliveries (for tests and the console): url, event id, attempts, ok. */
  readonly deliveries: { url: string; eventId: string; attempts: number; ok: boolean }[] = [];
  fetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
  retryDelaysMs = [200, 1000, 5000];
  /** Signs each delivery (the sandbox's key pair, made on first use). */
  signer: () => Promise<WebhookSigner> = () => Promise.reject(new Error('no webhook signer'));
  /** The app instance the deliveries name (`instanceId`): the sandbox's site. */
  instanceId = '';

  /** Stores the events of a transaction (inside it: a rollback discards them). */
  record(db: Db, inputs: DomainEventInput[], now: Date): DomainEvent[] {
    if (!inputs.length) return [];
    // The log forgets its oldest events (limits.ts): after a restart or an import, go on from its newest.
    if (this.sequence < db.count(EVENTS)) {
      this.sequence = db.list(EVENTS).reduce((max, e) => Math.max(max, e.sequence), db.count(EVENTS));
    }
    return inputs.map((e) => {
      const event: DomainEvent = {
        id: crypto.randomUUID(),
        ...e,
        eventTime: now.toISOString(),
        sequence: ++this.sequence,
        entityEventSequence: String(this.sequence),
      };
      db.put(EVENTS, event.id, event);
      return event;
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After commit: tell subscribers and deliver to webhooks (in the background). */
  publish(events: DomainEvent[], settings: SandboxSettings): void {
    for (const e of events) {
      for (const l of this.listeners) l(e);
      for (const url of settings.webhookUrls) void this.deliver(url, e);
    }
  }

  private async deliver(url: string, event: DomainEvent): Promise<void> {
    const record = { url, eventId: event.id, attempts: 0, ok: false };
    this.deliveries.push(record);
    // The event as the provider sends it: without the sandbox's own sequence counter.
    const { sequence: _, ...sent } = event;
    let body: string;
    try {
      body = await (await this.signer()).sign(sent, this.instanceId);
    } catch (err) {
      console.error(`[sandbox] webhook ${event.id} to ${url} not sent: it could not be signed (${String(err)})`);
      return;
    }
    for (let i = 0; i <= this.retryDelaysMs.length; i++) {
      record.attempts++;
      try {
        // The provider's form: the JWT as the body, as text (an app reads it with request.text()).
        const res = await this.fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
        if (res.ok) {
          record.ok = true;
          return;
        }
      } catch {
        // retried below
      }
      if (i < this.retryDelaysMs.length) await new Promise((r) => setTimeout(r, this.retryDelaysMs[i]));
    }
  }
}
