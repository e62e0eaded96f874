/**
 * Webhook deliveries signed as the provider signs them, so an app's handler written on the
 * official SDK takes them unchanged: the body of each POST is a JWT (RS256) whose `data` claim is
 * JSON text of `{ data, instanceId, eventType }`, `data` being the event's own JSON text. That is
 * what the SDK's `webhooks.process(body)` reads: `AppStrategy({ publicKey })` verifies the
 * signature with the app's public key (jose's jwtVerify, RS256, no issuer or audience asked),
 * then parses `data`, matches `eventType` (`<entityFqdn>_<slug>`: `wix.ecom.v1.order_created`)
 * to the handlers registered with `on...`, and hands them the domain event.
 *
 * The sandbox makes its key pair (RSA 2048) the first time it needs it, or takes a private key
 * given as PKCS #8 PEM (`webhookPrivateKey`, `--webhook-private-key FILE`); the public key (SPKI
 * PEM) is printed at start and in `/__sandbox/info`. Web Crypto only: it runs in pages too.
 */
import { base64ToBytes, bytesToBase64, bytesToBase64Url, encodeBase64Url } from '../../normalise/base64url.ts';

const RS256: RsaHashedImportParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${bytesToBase64(new Uint8Array(der))
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END ${label}-----\n`;

function derOf(text: string, label: string): Uint8Array {
  // Found by its markers, not a regular expression built at run time (the regex suite checks literals).
  const begin = `-----BEGIN ${label}-----`;
  const from = text.indexOf(begin);
  const to = from < 0 ? -1 : text.indexOf(`-----END ${label}-----`, from + begin.length);
  const body = to < 0 ? '' : text.slice(from + begin.length, to).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/=]+$/.test(body))
    throw new Error(`The webhook private key must be PEM text (-----BEGIN ${label}-----)`);
  return base64ToBytes(body);
}

/** The event as a delivery carries it: the stored event without the sandbox's own sequence counter. */
export interface WebhookEvent {
  entityFqdn: string;
  slug: string;
  [field: string]: unknown;
}

/** The event type an SDK handler is registered for: `<entityFqdn>_<slug>`. */
export const webhookEventType = (e: { entityFqdn: string; slug: string }) => `${e.entityFqdn}_${e.slug}`;

export class WebhookSigner {
  private constructor(
    private readonly privateKey: CryptoKey,
    /** The public key, SPKI PEM: what an app gives `AppStrategy({ publicKey })`. */
    readonly publicKeyPem: string,
  ) {}

  /** A new key pair. */
  static async generate(): Promise<WebhookSigner> {
    const pair = await crypto.subtle.generateKey(
      { ...RS256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    );
    return new WebhookSigner(pair.privateKey, pem('PUBLIC KEY', await crypto.subtle.exportKey('spki', pair.publicKey)));
  }

  /** The signer of a private key given as PKCS #8 PEM (`openssl genpkey -algorithm RSA`); its public key is derived from it. */
  static async fromPrivateKeyPem(text: string): Promise<WebhookSigner> {
    const der = derOf(text, 'PRIVATE KEY');
    let privateKey: CryptoKey;
    try {
      privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(der), RS256, true, ['sign']);
    } catch (err) {
      throw new Error(`The webhook private key is not an RSA private key in PKCS #8 PEM: ${(err as Error).message}`);
    }
    const { n, e } = await crypto.subtle.exportKey('jwk', privateKey);
    const publicKey = await crypto.subtle.importKey('jwk', { kty: 'RSA', n, e, ext: true }, RS256, true, ['verify']);
    return new WebhookSigner(privateKey, pem('PUBLIC KEY', await crypto.subtle.exportKey('spki', publicKey)));
  }

  /** The delivery body of `event`: a JWT signed with the private key. */
  async sign(event: WebhookEvent, instanceId: string, issuedAt = new Date()): Promise<string> {
    const header = encodeBase64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const data = JSON.stringify({ data: JSON.stringify(event), instanceId, eventType: webhookEventType(event) });
    const claims = encodeBase64Url(JSON.stringify({ data, iat: Math.floor(issuedAt.getTime() / 1000) }));
    const input = `${header}.${claims}`;
    const signature = await crypto.subtle.sign(RS256, this.privateKey, new TextEncoder().encode(input));
    return `${input}.${bytesToBase64Url(new Uint8Array(signature))}`;
  }
}
