// The system OpenSSL's SHA-256, for the CryptoKit stand-in (the one digest the SDK's PKCE takes).
#include <openssl/sha.h>
