#ifndef LATCHKEY_COPENSSL_SHIM_H
#define LATCHKEY_COPENSSL_SHIM_H

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>

// Function-like macros are invisible to Swift; these wrap the few we need.
static const int LATCHKEY_EVP_PKEY_KEYPAIR = EVP_PKEY_KEYPAIR;
static const int LATCHKEY_EVP_PKEY_PUBLIC_KEY = EVP_PKEY_PUBLIC_KEY;
static inline void latchkey_openssl_free(void *p) { OPENSSL_free(p); }

#endif
