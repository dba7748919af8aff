"""Limits of the accounts app (SPEC.md section 9 and issue 3)."""

OTP_LENGTH = 6
OTP_VALIDITY_SECONDS = 600
OTP_MAX_ATTEMPTS = 5  # wrong guesses that kill one code
OTP_ACCOUNT_MAX_FAILURES = 100  # consecutive wrong codes before staff must unlock the account
