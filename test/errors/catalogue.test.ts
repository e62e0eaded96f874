/** The error catalogue: the four response forms and their exact display strings. */
import { describe, expect, it } from 'vitest';
import {
  ApplicationError,
  errorFromResponse,
  HttpError,
  MESSAGES,
  SdkError,
  SystemError,
  ValidationError,
} from '../../src/errors/index.ts';

const ctx = { operation: 'checkout.updateCheckout', args: ['c1', { couponCode: 'X' }], requestId: 'req-1' };

describe('errorFromResponse', () => {
  it('form 1: validation, sorted by field, fields renamed to arguments', () => {
    const body = {
      message: 'bad',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'lineItems[0].quantity', description: 'must be >= 1', violatedRule: 'MIN' },
            { field: 'checkout.id', description: 'must be a GUID', violatedRule: 'FORMAT' },
          ],
        },
      },
    };
    const rename = (f: string) => (f === 'checkout.id' ? 'checkoutId' : `options.${f}`);
    const err = errorFromResponse(400, 'Bad Request', body, ctx, rename) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toBeInstanceOf(SdkError);
    expect(err.message).toBe('INVALID_ARGUMENT: "checkoutId" must be a GUID, "options.lineItems[0].quantity" must be >= 1');
    expect(err.violations.map((v) => v.field)).toEqual(['checkoutId', 'options.lineItems[0].quantity']);
    expect([err.status, err.requestId, err.args, err.operation]).toEqual([400, 'req-1', ctx.args, ctx.operation]);
  });

  it.each([
    { message: 'Cart not found', description: 'No cart for this visitor', want: 'Cart not found: No cart for this visitor' },
    { message: 'Cart not found', description: 'Cart not found', want: 'Cart not found' },
  ])('form 2: application error "$want"', ({ message, description, want }) => {
    const err = errorFromResponse(404, 'Not Found', { message, details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description, data: { x: 1 } } } }, ctx) as ApplicationError;
    expect(err).toBeInstanceOf(ApplicationError);
    expect(err.message).toBe(want);
    expect([err.code, err.description, err.data]).toEqual(['OWNED_CART_NOT_FOUND', description, { x: 1 }]);
  });

  it.each([
    { status: 429, statusText: 'Too Many Requests', code: 'TOO_MANY_REQUESTS' },
    { status: 404, statusText: '', code: 'NOT_FOUND' },
    { status: 409, statusText: 'Conflict', code: 'CONFLICT' },
  ])('form 3: other 4xx $status -> $code', ({ status, statusText, code }) => {
    const err = errorFromResponse(status, statusText, 'plain text', ctx) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.code).toBe(code);
    expect(err.description).toBe(statusText || err.description);
  });

  it('form 4: anything else, with the request id when known', () => {
    const err = errorFromResponse(503, 'Service Unavailable', {}, ctx);
    expect(err).toBeInstanceOf(SystemError);
    expect(err.message).toBe('System error occurred, request-id: req-1');
    expect(errorFromResponse(500, '', {}, { operation: 'x' }).message).toBe(MESSAGES.systemError);
    expect(MESSAGES.systemError).toBe('System error occurred');
  });
});

describe('exact catalogue strings', () => {
  it.each([
    [MESSAGES.contextUnavailable, 'Wix context is not available. Make sure to initialize the Wix context before using SDK modules'],
    [MESSAGES.notAvailableInContext('fetchWithAuth'), 'fetchWithAuth is not available in this context'],
    [MESSAGES.notAvailableInContext('graphql'), 'graphql is not available in this context'],
    [MESSAGES.noNextPage, 'No next page to fetch'],
    [MESSAGES.noPrevPage, 'No previous page to fetch'],
    [MESSAGES.tokenRequestFailed, 'something went wrong'],
    [MESSAGES.memberTokensFailed, 'Failed to get member tokens'],
    [MESSAGES.missingCodeOrState, 'Missing code or _state'],
    [MESSAGES.invalidState, 'Invalid _state'],
    [MESSAGES.unknownState, 'Unknown _state'],
    [MESSAGES.oauthTimedOut, 'OAuth flow timed out'],
    [MESSAGES.verifierLength(42), 'Expected a length between 43 and 128. Received 42.'],
    [MESSAGES.directLoginNeeded('login'), 'login is added by withDirectLogin: create the strategy as withDirectLogin(OAuthStrategy({ clientId }))'],
    [MESSAGES.externalLoginNeeded('getMemberTokensForExternalLogin'), 'getMemberTokensForExternalLogin is added by withExternalLogin: create the strategy as withExternalLogin(OAuthStrategy({ clientId }))'],
  ])('%s', (actual, want) => expect(actual).toBe(want));

  it('the elevated-client message starts as the description words it', () => {
    expect(MESSAGES.elevatedRequired.startsWith('An elevated client is required to use elevated modules')).toBe(true);
  });
});

describe('details in the official SDK\'s shape, beside each form\'s own fields', () => {
  it('an application error: details.applicationError {code, description, data} and the request id', () => {
    const err = errorFromResponse(404, 'Not Found', { message: 'Cart not found', details: { applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No cart', data: { x: 1 } } } }, ctx) as ApplicationError;
    expect(err.details).toEqual({ applicationError: { code: 'OWNED_CART_NOT_FOUND', description: 'No cart', data: { x: 1 } }, requestId: 'req-1' });
    expect(err.details.applicationError!.code === 'OWNED_CART_NOT_FOUND').toBe(true);
  });

  it('a validation error: details.validationError.fieldViolations, sorted and renamed as the error\'s violations', () => {
    const body = { details: { validationError: { fieldViolations: [{ field: 'b', description: 'is required', violatedRule: 'REQUIRED_FIELD' }, { field: 'a', description: 'too long', violatedRule: 'MAX_LENGTH' }] } } };
    const err = errorFromResponse(400, 'Bad Request', body, ctx, (f) => `options.${f}`) as ValidationError;
    expect(err.details).toEqual({
      validationError: {
        fieldViolations: [
          { field: 'options.a', description: 'too long', violatedRule: 'MAX_LENGTH' },
          { field: 'options.b', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
        ],
      },
      requestId: 'req-1',
    });
  });

  it('another 4xx: details.applicationError from the status text, as the official SDK builds it', () => {
    const err = errorFromResponse(409, 'Conflict', {}, ctx) as HttpError;
    expect(err.details).toEqual({ applicationError: { code: 'CONFLICT', description: 'Conflict', data: {} }, requestId: 'req-1' });
  });

  it('a system error has no details (the official SDK gives none either)', () => {
    expect((errorFromResponse(503, 'Service Unavailable', {}, ctx) as SystemError).details).toBeUndefined();
  });
});
