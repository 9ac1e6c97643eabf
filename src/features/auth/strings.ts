/** SPEC strings of the sign-in screens, verbatim. */
export const authText = {
  signedOut: 'Successfully Signed out!',
  signInAgain: 'Sign in again',
  signingIn: 'Signing you in…',
};
