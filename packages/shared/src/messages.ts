/** The product's own words (docs/product/screens-and-words.md), shared by the forms and the server so both say the same thing. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email address is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  fullNameRequired: 'Full Name is required',
  signedIn: 'Signed in successfully',
  signedUp: 'Signed Up successfully',
  loggedOut: 'Logged out Successfully',
  addedToFavorites: (title: string) => `${title} added to favorites`,
  removedFromFavorites: (title: string) => `${title} removed from favorites`,
  failedToAddFavorite: 'Failed to add to favorites',
  failedToRemoveFavorite: 'Failed to remove from favorites',
  invalidCredentials: 'Invalid email or password',
} as const;
