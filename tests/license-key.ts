import { generateKeyPairSync } from 'node:crypto';

/** An RSA key for production configurations in tests (LICENSE_PRIVATE_KEY), made once per test file. */
export const TEST_LICENSE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
