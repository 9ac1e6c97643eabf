/** PKCE (RFC 7636, S256) and the random `state` of the authorization request, with Web Crypto. */
const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const randomString = (byteLength = 32) => base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}
