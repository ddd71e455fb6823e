/** Body code of every successful reply (spec §7). Errors carry the HTTP status as their code. */
export const SUCCESS_CODE = 1;
