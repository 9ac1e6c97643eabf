import { initContract } from '@ts-rest/core';

/** The one ts-rest contract builder every resource file uses. */
export const c = initContract();
