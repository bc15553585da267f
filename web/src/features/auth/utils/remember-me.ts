import { STORAGE_KEYS } from '@repo/types';

/** Remember me (spec §2, §3): a flag and the e-mail, kept locally with the product prefix. */
export const readRememberedEmail = (): string | null => {
  try {
    if (window.localStorage.getItem(STORAGE_KEYS.rememberMe) !== 'true') return null;
    return window.localStorage.getItem(STORAGE_KEYS.rememberedEmail);
  } catch {
    return null;
  }
};

export const saveRememberMe = (remember: boolean, email: string) => {
  try {
    if (remember) {
      window.localStorage.setItem(STORAGE_KEYS.rememberMe, 'true');
      window.localStorage.setItem(STORAGE_KEYS.rememberedEmail, email);
    } else {
      window.localStorage.removeItem(STORAGE_KEYS.rememberMe);
      window.localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
    }
  } catch {
    // Storage refused: signing in still works, the e-mail is just not pre-filled next time.
  }
};
