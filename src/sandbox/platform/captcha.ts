/** The captcha answer the sandbox accepts (identity checks it; the control API reports it). */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';
