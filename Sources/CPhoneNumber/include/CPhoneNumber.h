#ifndef LATCHKEY_CPHONENUMBER_H
#define LATCHKEY_CPHONENUMBER_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

/// Results of latchkey_phone_normalize.
enum {
    LATCHKEY_PHONE_OK = 0,
    LATCHKEY_PHONE_UNPARSABLE = 1,
    LATCHKEY_PHONE_INVALID = 2,
    LATCHKEY_PHONE_BUFFER_TOO_SMALL = 3,
    LATCHKEY_PHONE_UNKNOWN_REGION = 4,
};

/// Parses `input` (international "+..." form, or national form of `region`, an ISO 3166-1
/// alpha-2 code) and writes its E.164 form, NUL-terminated, into `out`. Only numbers that
/// libphonenumber considers valid for their region are accepted.
int latchkey_phone_normalize(const char *input, const char *region, char *out, size_t capacity);

#ifdef __cplusplus
}
#endif
#endif
