/** What a shopper is told of a refused cart action: the words of the page, the drawer and the forms alike. */

/** The API's own message, or (the store did not answer) a retry. */
export function reasonOf(error: { code?: string; message: string }): string {
  return error.code === 'SYSTEM_ERROR' || error.code === undefined
    ? 'the store did not answer. Try again.'
    : error.message;
}

/** A refused coupon (the drawer's form and the /cart form action say the same). */
export const couponRefusal = (code: string, error: { code?: string; message: string }) =>
  error.code === 'INVALID_COUPON_CODE'
    ? `There is no coupon ${code}.`
    : `The coupon could not be applied: ${reasonOf(error)}`;
