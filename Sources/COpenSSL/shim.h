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

/*
 * EC public-key fast path. OpenSSL 3.0's provider import (EVP_PKEY_fromdata) builds a new
 * EC_GROUP for every key, which costs more than a third of a P-256 verification. These two
 * helpers use the EC_KEY API (deprecated in 3.0, still supported) with a group shared by the
 * caller, and verify a digest without re-fetching the signature algorithm. The point is still
 * checked to be on the curve by EC_KEY_oct2key.
 */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
/* Wraps `key` in an EVP_PKEY that owns it; frees it on failure. */
static inline EVP_PKEY *latchkey_wrap_ec_key(EC_KEY *key) {
    EVP_PKEY *pkey = EVP_PKEY_new();
    if (pkey == NULL || EVP_PKEY_assign_EC_KEY(pkey, key) != 1) {
        EVP_PKEY_free(pkey);
        EC_KEY_free(key);
        return NULL;
    }
    return pkey;
}

static inline EVP_PKEY *latchkey_ec_public_key(const EC_GROUP *group, const unsigned char *point, size_t len) {
    EC_KEY *key = EC_KEY_new();
    if (key == NULL) return NULL;
    if (EC_KEY_set_group(key, group) != 1 || EC_KEY_oct2key(key, point, len, NULL) != 1) {
        EC_KEY_free(key);
        return NULL;
    }
    return latchkey_wrap_ec_key(key);
}

/* 1 valid, 0 invalid, -1 error (not an EC key). */
static inline int latchkey_ecdsa_verify_digest(EVP_PKEY *pkey, const unsigned char *digest, int digest_len,
                                               const unsigned char *sig, int sig_len) {
    const EC_KEY *key = EVP_PKEY_get0_EC_KEY(pkey);
    if (key == NULL) return -1;
    return ECDSA_verify(0, digest, digest_len, sig, sig_len, (EC_KEY *)key);
}

/*
 * P-256 key generation and signing fast path, for the same reason: EVP_PKEY_generate builds a
 * new EC_GROUP per key (more than half of a makeCredential). A key generated here is a legacy
 * EC_KEY on the caller's shared group; it is signed with ECDSA_sign directly, since handing a
 * legacy key to EVP_PKEY_sign would export it to the provider (and build the group) once more.
 * The uncompressed public point is written to `pub` (65 bytes) while the EC_KEY is at hand.
 */
static inline EVP_PKEY *latchkey_ec_generate(const EC_GROUP *group, unsigned char *pub, size_t pub_len) {
    EC_KEY *key = EC_KEY_new();
    if (key == NULL) return NULL;
    if (EC_KEY_set_group(key, group) != 1 || EC_KEY_generate_key(key) != 1 ||
        EC_POINT_point2oct(group, EC_KEY_get0_public_key(key), POINT_CONVERSION_UNCOMPRESSED, pub, pub_len, NULL) != pub_len) {
        EC_KEY_free(key);
        return NULL;
    }
    return latchkey_wrap_ec_key(key);
}

/* 1 signed, 0 error. `sig` must hold ECDSA_size bytes (72 for P-256); `sig_len` gets the DER length. */
static inline int latchkey_ecdsa_sign_digest(EVP_PKEY *pkey, const unsigned char *digest, int digest_len,
                                             unsigned char *sig, unsigned int *sig_len) {
    const EC_KEY *key = EVP_PKEY_get0_EC_KEY(pkey);
    if (key == NULL) return 0;
    return ECDSA_sign(0, digest, digest_len, sig, sig_len, (EC_KEY *)key);
}
#pragma clang diagnostic pop

#endif
