/** SPEC strings of the sign-up screens, verbatim; `{product}` is the configured product name. */
export const signupText = {
  title: 'Publisher Sign Up',
  disabledTitle: 'Sign ups are disabled',
  disabledBody: 'New publisher sign ups are currently closed. Please contact support if you would like an account:',
  thankYou: 'Thank you for signing up for a {product}.Chat Marketplace Publisher account!',
  created: 'Publisher and developer account created. Welcome to the {product}.Chat Marketplace!',
  submit: 'Sign Up',
};
