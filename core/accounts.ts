// The limits of a user account's credentials, one definition for creating users (user:create, the
// demo seed) and for signing in (checked before any hashing).
export const USERNAME_MAX_LENGTH = 150
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 1024
