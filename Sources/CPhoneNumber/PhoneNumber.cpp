// A C face for the one libphonenumber call the identity server needs; Swift cannot import the
// C++ API (it uses std::string out-parameters and a singleton).
#include "CPhoneNumber.h"
#include <phonenumbers/phonenumberutil.h>
#include <cstring>
#include <string>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

extern "C" int latchkey_phone_normalize(const char *input, const char *region, char *out, size_t capacity) {
    if (input == nullptr || region == nullptr || out == nullptr) return LATCHKEY_PHONE_UNPARSABLE;
    PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    std::string regionCode(region);
    if (input[0] != '+' && util->GetCountryCodeForRegion(regionCode) == 0) return LATCHKEY_PHONE_UNKNOWN_REGION;
    PhoneNumber number;
    if (util->Parse(std::string(input), regionCode, &number) != PhoneNumberUtil::NO_PARSING_ERROR) {
        return LATCHKEY_PHONE_UNPARSABLE;
    }
    if (!util->IsValidNumber(number)) return LATCHKEY_PHONE_INVALID;
    std::string formatted;
    util->Format(number, PhoneNumberUtil::E164, &formatted);
    if (formatted.size() + 1 > capacity) return LATCHKEY_PHONE_BUFFER_TOO_SMALL;
    std::memcpy(out, formatted.c_str(), formatted.size() + 1);
    return LATCHKEY_PHONE_OK;
}
