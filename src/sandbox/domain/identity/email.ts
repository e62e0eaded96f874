/**
 * Login e-mails: the one format check, the one length bound and the one comparison form, for
 * register (v1 and v2), sign-on, login, recovery and createMember.
 *
 * The provider's reference documents no normalisation of login e-mails: the official SDK types
 * them `@format EMAIL` only (@wix/auto_sdk_identity_authentication LoginId.email,
 * @wix/auto_sdk_members_members Member.loginEmail) and lookups are case-insensitive. So the
 * sandbox compares e-mails in one form, NFKC then lower case (Unicode-aware), and refuses to
 * register an address that is not already written in NFKC: a Kelvin sign (U+212A) for "K", a
 * "e" + combining acute (U+0301) for "é", full-width letters. Without that, a look-alike
 * registration would take the real address's account (its lookup form is the same) while its
 * mail went to the look-alike, or two spellings of one address would be two accounts.
 */

/** Register v2's bound (`loginId.email` maxLength in the spec), for every login e-mail. */
export const MAX_EMAIL_LENGTH = 255;

/**
 * local@domain.tld: one @, no spaces, a domain of non-empty dot-separated labels. Every part
 * excludes the character that ends it, so the match is linear (no backtracking between parts).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The form e-mails are compared and indexed in. */
export const normaliseEmail = (email: string): string => email.trim().normalize('NFKC').toLowerCase();

export type EmailProblem = 'length' | 'format' | 'normalForm';

/** What is wrong with a (trimmed) login e-mail, or undefined. The length is checked first: nothing long reaches the pattern. */
export function emailProblem(email: string): EmailProblem | undefined {
  if (email.length > MAX_EMAIL_LENGTH) return 'length';
  if (!EMAIL_PATTERN.test(email)) return 'format';
  if (email.normalize('NFKC') !== email) return 'normalForm';
  return undefined;
}

/** The violations of the length and normal-form problems (the format's wording is each caller's own). */
export const EMAIL_VIOLATIONS: Record<
  Exclude<EmailProblem, 'format'>,
  { description: string; violatedRule: string }
> = {
  length: { description: `must NOT have more than ${MAX_EMAIL_LENGTH} characters`, violatedRule: 'MAX_LENGTH' },
  normalForm: {
    description:
      'must be written in Unicode normal form NFKC (no look-alike or combining characters: "é", not "e" + U+0301; "K", not the Kelvin sign)',
    violatedRule: 'FORMAT',
  },
};
