/// The `error_user_msg` texts of every `MessageKey` in every locale of the ReachFive seed pages,
/// and the choice of a locale from a request's Accept-Language header.
///
/// The translations are kept per key in `Translations`, one labelled field per language, so a
/// missing key (the `switch` is exhaustive) or a missing language (the memberwise initializer
/// needs every label) does not compile. English is `MessageKey.english`. The Chinese locales
/// share two texts: zh-CN, zh-Hans and zh-SG the Simplified one; zh-Hant, zh-HK, zh-MO and zh-TW
/// the Traditional one. Portuguese is Brazilian ("senha"), as pt-BR is the most common pt-* range.
enum LocalizedMessages {
    /// The locales of the ReachFive seed pages, in this order.
    static let locales: [String] = [
        "ar", "de", "en", "es", "fr", "hu", "it", "jp", "ko", "nl", "pt", "ru", "sk", "zh-CN", "zh-Hans", "zh-Hant", "zh-HK", "zh-MO",
        "zh-SG", "zh-TW",
    ]

    /// The locale used when nothing in the header matches.
    static let defaultLocale = "en"

    /// The text of `key` in `locale` (one of `locales`); English when the locale is unknown.
    /// The locale is matched exactly, else ignoring ASCII case ("zh-tw" is "zh-TW").
    static func message(_ key: MessageKey, locale: String) -> String {
        let canonical = locales.contains(locale) ? locale : (localeByLowercase[asciiLowercased(locale)] ?? defaultLocale)
        let t = translations(key)
        switch canonical {
        case "ar": return t.ar
        case "de": return t.de
        case "es": return t.es
        case "fr": return t.fr
        case "hu": return t.hu
        case "it": return t.it
        case "jp": return t.jp
        case "ko": return t.ko
        case "nl": return t.nl
        case "pt": return t.pt
        case "ru": return t.ru
        case "sk": return t.sk
        case "zh-CN", "zh-Hans", "zh-SG": return t.zhHans
        case "zh-Hant", "zh-HK", "zh-MO", "zh-TW": return t.zhHant
        default: return key.english
        }
    }

    // MARK: - Accept-Language

    /// The longest header read, in UTF-8 bytes; the rest is ignored.
    static let maxHeaderBytes = 4096
    /// The most (non-empty) list elements read; the rest are ignored.
    static let maxRanges = 50

    /// The best of `locales` for an HTTP Accept-Language header value (RFC 9110 §12.5.4).
    ///
    /// - Ranges are taken by q-value, highest first, ties in header order; q=0 ranges are
    ///   excluded. A range with a malformed q (not `0[.ddd]` / `1[.000]`) is skipped; other
    ///   parameters are ignored. A malformed range (not `1*8ALPHA *("-" 1*8alphanum)` or `*`)
    ///   is skipped; `_` is accepted as a separator (`zh_TW`).
    /// - Matching ignores ASCII case. An exact match wins, else the range is shortened subtag by
    ///   subtag (RFC 4647 lookup: "fr-CA" → "fr", "pt-BR" → "pt").
    /// - Japanese: "ja", "ja-JP" → "jp" (ReachFive's spelling).
    /// - Chinese (primary subtag "zh"): the script and region subtags decide. Hans with region
    ///   CN/SG → zh-CN/zh-SG, else zh-Hans; Hant with region TW/HK/MO → zh-TW/zh-HK/zh-MO, else
    ///   zh-Hant; no script: region CN/SG/TW/HK/MO → that locale, else (bare "zh") zh-CN. So
    ///   "zh-Hant-TW" → "zh-TW", "zh-Hans-CN" → "zh-CN".
    /// - "*", or nothing matching, or a nil/empty/garbage header → "en".
    ///
    /// At most `maxHeaderBytes` bytes and `maxRanges` elements are read, so the cost is bounded
    /// whatever the input.
    static func bestLocale(acceptLanguage: String?) -> String {
        guard let header = acceptLanguage, !header.isEmpty else { return defaultLocale }
        let comma = UInt8(ascii: ",")
        let read = Array(header.utf8.prefix(maxHeaderBytes + 1))
        let truncated = read.count > maxHeaderBytes
        var elements = read[..<min(read.count, maxHeaderBytes)].split(separator: comma)
        // A cut-off last element may be a different (shorter) range than the one sent: drop it.
        if truncated, read[maxHeaderBytes] != comma, !elements.isEmpty { elements.removeLast() }

        var candidates: [(range: [UInt8], weight: Int, index: Int)] = []
        var seen = 0
        for element in elements {
            let trimmed = trimOWS(element)
            if trimmed.isEmpty { continue }
            seen += 1
            if seen > maxRanges { break }
            guard let parsed = parseElement(trimmed), parsed.weight > 0 else { continue }
            candidates.append((parsed.range, parsed.weight, seen))
        }
        candidates.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }

        for candidate in candidates {
            if candidate.range == [UInt8(ascii: "*")] { return defaultLocale }
            if let locale = match(candidate.range) { return locale }
        }
        return defaultLocale
    }

    /// One list element: the range (lowercased, `_` read as `-`) and its weight in thousandths,
    /// or nil when the range or its q is malformed.
    private static func parseElement(_ element: ArraySlice<UInt8>) -> (range: [UInt8], weight: Int)? {
        let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard let first = parts.first else { return nil }
        let range = trimOWS(first).map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : asciiLower($0) }
        guard isValidRange(range) else { return nil }
        var weight = 1000
        var sawQ = false
        for parameter in parts.dropFirst() {
            let p = trimOWS(parameter)
            guard p.count >= 2, asciiLower(p[p.startIndex]) == UInt8(ascii: "q"),
                p[p.startIndex + 1] == UInt8(ascii: "=")
            else { continue }
            if sawQ { continue } // only the first q counts
            sawQ = true
            guard let q = parseQValue(p[(p.startIndex + 2)...]) else { return nil }
            weight = q
        }
        return (range, weight)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func parseQValue(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let lead = bytes.first, lead == UInt8(ascii: "0") || lead == UInt8(ascii: "1") else { return nil }
        let rest = bytes.dropFirst()
        var fraction = 0
        if let dot = rest.first {
            guard dot == UInt8(ascii: "."), rest.count <= 4 else { return nil }
            var scale = 100
            for digit in rest.dropFirst() {
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                fraction += Int(digit - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        if lead == UInt8(ascii: "1") { return fraction == 0 ? 1000 : nil }
        return fraction
    }

    /// `*`, or `1*8ALPHA *("-" 1*8alphanum)` (already lowercased).
    private static func isValidRange(_ range: [UInt8]) -> Bool {
        if range == [UInt8(ascii: "*")] { return true }
        let subtags = range.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let primary = subtags.first, !primary.isEmpty, primary.count <= 8, primary.allSatisfy(isLowerAlpha) else { return false }
        return subtags.dropFirst().allSatisfy { !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { isLowerAlpha($0) || isDigit($0) } }
    }

    /// The locale for one valid, lowercased range other than `*`, or nil.
    private static func match(_ range: [UInt8]) -> String? {
        if let exact = localeByLowercase[String(decoding: range, as: UTF8.self)] { return exact }
        let subtags = range.split(separator: UInt8(ascii: "-")).map { String(decoding: $0, as: UTF8.self) }
        guard let primary = subtags.first else { return nil }
        if primary == "zh" { return chinese(subtags.dropFirst()) }
        if primary == "ja" { return "jp" }
        // RFC 4647 lookup: drop subtags from the end until a locale matches.
        var count = subtags.count - 1
        while count > 0 {
            if let locale = localeByLowercase[subtags.prefix(count).joined(separator: "-")] { return locale }
            count -= 1
        }
        return nil
    }

    /// The Chinese locale for the subtags after "zh" (lowercased).
    private static func chinese(_ subtags: ArraySlice<String>) -> String {
        var script: String?
        var region: String?
        for subtag in subtags {
            if subtag.utf8.count == 1 { break } // an extension or private use: the rest is not script/region
            if script == nil, region == nil, subtag.utf8.count == 4, subtag.utf8.allSatisfy(isLowerAlpha) {
                script = subtag
            } else if region == nil, subtag.utf8.count == 2 || (subtag.utf8.count == 3 && subtag.utf8.allSatisfy(isDigit)) {
                region = subtag
            }
        }
        switch (script, region) {
        case ("hans"?, "cn"?): return "zh-CN"
        case ("hans"?, "sg"?): return "zh-SG"
        case ("hans"?, _): return "zh-Hans"
        case ("hant"?, "tw"?): return "zh-TW"
        case ("hant"?, "hk"?): return "zh-HK"
        case ("hant"?, "mo"?): return "zh-MO"
        case ("hant"?, _): return "zh-Hant"
        case (_, "tw"?): return "zh-TW"
        case (_, "hk"?): return "zh-HK"
        case (_, "mo"?): return "zh-MO"
        case (_, "sg"?): return "zh-SG"
        default: return "zh-CN"
        }
    }

    private static let localeByLowercase: [String: String] =
        Dictionary(uniqueKeysWithValues: locales.map { (asciiLowercased($0), $0) })

    private static func isLowerAlpha(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func asciiLower(_ b: UInt8) -> UInt8 { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b + 32 : b }
    private static func asciiLowercased(_ s: String) -> String { String(decoding: s.utf8.map(asciiLower), as: UTF8.self) }

    /// Without leading and trailing spaces and tabs (HTTP's OWS).
    private static func trimOWS(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isOWS = { (b: UInt8) in b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isOWS($0) }),
            let end = bytes.lastIndex(where: { !isOWS($0) })
        else { return [] }
        return bytes[start...end]
    }

    // MARK: - Translations

    /// One key's text in every language but English (`MessageKey.english`).
    private struct Translations {
        let ar, de, es, fr, hu, it, jp, ko, nl, pt, ru, sk: String
        /// Simplified Chinese: zh-CN, zh-Hans, zh-SG.
        let zhHans: String
        /// Traditional Chinese: zh-Hant, zh-HK, zh-MO, zh-TW.
        let zhHant: String
    }

    private static func translations(_ key: MessageKey) -> Translations {
        switch key {
        case .invalidEmailOrPassword:
            Translations(
                ar: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
                de: "E-Mail-Adresse oder Passwort ungültig",
                es: "Correo electrónico o contraseña no válidos",
                fr: "Adresse e-mail ou mot de passe invalide",
                hu: "Érvénytelen e-mail-cím vagy jelszó",
                it: "Email o password non validi",
                jp: "メールアドレスまたはパスワードが正しくありません",
                ko: "이메일 또는 비밀번호가 올바르지 않습니다",
                nl: "Ongeldig e-mailadres of wachtwoord",
                pt: "E-mail ou senha inválidos",
                ru: "Неверный адрес электронной почты или пароль",
                sk: "Neplatný e-mail alebo heslo",
                zhHans: "邮箱或密码无效",
                zhHant: "電子郵件或密碼無效")
        case .emailAlreadyExists:
            Translations(
                ar: "البريد الإلكتروني مستخدم بالفعل",
                de: "Diese E-Mail-Adresse wird bereits verwendet",
                es: "El correo electrónico ya está en uso",
                fr: "Cette adresse e-mail est déjà utilisée",
                hu: "Ez az e-mail-cím már használatban van",
                it: "Indirizzo email già in uso",
                jp: "このメールアドレスは既に使用されています",
                ko: "이미 사용 중인 이메일입니다",
                nl: "Dit e-mailadres is al in gebruik",
                pt: "Este e-mail já está em uso",
                ru: "Этот адрес электронной почты уже используется",
                sk: "Tento e-mail sa už používa",
                zhHans: "该邮箱已被使用",
                zhHant: "此電子郵件已被使用")
        case .phoneNumberAlreadyExists:
            Translations(
                ar: "رقم الهاتف مستخدم بالفعل",
                de: "Diese Telefonnummer wird bereits verwendet",
                es: "El número de teléfono ya está en uso",
                fr: "Ce numéro de téléphone est déjà utilisé",
                hu: "Ez a telefonszám már használatban van",
                it: "Numero di telefono già in uso",
                jp: "この電話番号は既に使用されています",
                ko: "이미 사용 중인 전화번호입니다",
                nl: "Dit telefoonnummer is al in gebruik",
                pt: "Este número de telefone já está em uso",
                ru: "Этот номер телефона уже используется",
                sk: "Toto telefónne číslo sa už používa",
                zhHans: "该电话号码已被使用",
                zhHant: "此電話號碼已被使用")
        case .customIdentifierAlreadyExists:
            Translations(
                ar: "المعرّف المخصص مستخدم بالفعل",
                de: "Diese benutzerdefinierte Kennung wird bereits verwendet",
                es: "El identificador personalizado ya está en uso",
                fr: "Cet identifiant personnalisé est déjà utilisé",
                hu: "Ez az egyéni azonosító már használatban van",
                it: "Identificativo personalizzato già in uso",
                jp: "このカスタムIDは既に使用されています",
                ko: "이미 사용 중인 사용자 지정 식별자입니다",
                nl: "Deze aangepaste ID is al in gebruik",
                pt: "Este identificador personalizado já está em uso",
                ru: "Этот пользовательский идентификатор уже используется",
                sk: "Tento vlastný identifikátor sa už používa",
                zhHans: "该自定义标识符已被使用",
                zhHant: "此自訂識別碼已被使用")
        case .passwordTooWeak:
            Translations(
                ar: "كلمة المرور ضعيفة جدًا",
                de: "Das Passwort ist zu schwach",
                es: "La contraseña es demasiado débil",
                fr: "Le mot de passe est trop faible",
                hu: "A jelszó túl gyenge",
                it: "La password è troppo debole",
                jp: "パスワードが弱すぎます",
                ko: "비밀번호가 너무 약합니다",
                nl: "Het wachtwoord is te zwak",
                pt: "A senha é muito fraca",
                ru: "Пароль слишком слабый",
                sk: "Heslo je príliš slabé",
                zhHans: "密码强度太弱",
                zhHant: "密碼強度太弱")
        case .invalidPassword:
            Translations(
                ar: "كلمة المرور الحالية غير صحيحة",
                de: "Das aktuelle Passwort ist falsch",
                es: "La contraseña actual es incorrecta",
                fr: "Le mot de passe actuel est incorrect",
                hu: "A jelenlegi jelszó helytelen",
                it: "La password attuale non è corretta",
                jp: "現在のパスワードが正しくありません",
                ko: "현재 비밀번호가 올바르지 않습니다",
                nl: "Het huidige wachtwoord is onjuist",
                pt: "A senha atual está incorreta",
                ru: "Неверный текущий пароль",
                sk: "Aktuálne heslo je nesprávne",
                zhHans: "当前密码不正确",
                zhHant: "目前密碼不正確")
        case .invalidRequest:
            Translations(
                ar: "الطلب غير صالح",
                de: "Die Anfrage ist ungültig",
                es: "La solicitud no es válida",
                fr: "La requête n'est pas valide",
                hu: "A kérés érvénytelen",
                it: "La richiesta non è valida",
                jp: "リクエストが無効です",
                ko: "잘못된 요청입니다",
                nl: "Het verzoek is ongeldig",
                pt: "A solicitação é inválida",
                ru: "Некорректный запрос",
                sk: "Požiadavka je neplatná",
                zhHans: "请求无效",
                zhHant: "請求無效")
        case .invalidEmail:
            Translations(
                ar: "يلزم إدخال بريد إلكتروني صالح",
                de: "Gültige E-Mail-Adresse erforderlich",
                es: "Se requiere un correo electrónico válido",
                fr: "Adresse e-mail valide requise",
                hu: "Érvényes e-mail-cím megadása kötelező",
                it: "È richiesto un indirizzo email valido",
                jp: "有効なメールアドレスを入力してください",
                ko: "유효한 이메일을 입력해 주세요",
                nl: "Geldig e-mailadres vereist",
                pt: "É necessário um e-mail válido",
                ru: "Введите корректный адрес электронной почты",
                sk: "Vyžaduje sa platný e-mail",
                zhHans: "请输入有效的邮箱地址",
                zhHant: "請輸入有效的電子郵件地址")
        case .invalidPhoneNumber:
            Translations(
                ar: "يلزم إدخال رقم هاتف صالح",
                de: "Gültige Telefonnummer erforderlich",
                es: "Se requiere un número de teléfono válido",
                fr: "Numéro de téléphone valide requis",
                hu: "Érvényes telefonszám megadása kötelező",
                it: "È richiesto un numero di telefono valido",
                jp: "有効な電話番号を入力してください",
                ko: "유효한 전화번호를 입력해 주세요",
                nl: "Geldig telefoonnummer vereist",
                pt: "É necessário um número de telefone válido",
                ru: "Введите корректный номер телефона",
                sk: "Vyžaduje sa platné telefónne číslo",
                zhHans: "请输入有效的电话号码",
                zhHant: "請輸入有效的電話號碼")
        case .invalidToken:
            Translations(
                ar: "جلستك غير صالحة أو انتهت صلاحيتها. يرجى تسجيل الدخول مرة أخرى.",
                de: "Ihre Sitzung ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.",
                es: "Su sesión no es válida o ha caducado. Vuelva a iniciar sesión.",
                fr: "Votre session est invalide ou a expiré. Veuillez vous reconnecter.",
                hu: "A munkamenet érvénytelen vagy lejárt. Kérjük, jelentkezzen be újra.",
                it: "La sessione non è valida o è scaduta. Effettua di nuovo l'accesso.",
                jp: "セッションが無効か、有効期限が切れています。もう一度ログインしてください。",
                ko: "세션이 유효하지 않거나 만료되었습니다. 다시 로그인해 주세요.",
                nl: "Uw sessie is ongeldig of verlopen. Log opnieuw in.",
                pt: "Sua sessão é inválida ou expirou. Faça login novamente.",
                ru: "Сеанс недействителен или истёк. Войдите снова.",
                sk: "Vaša relácia je neplatná alebo vypršala. Prihláste sa znova.",
                zhHans: "您的会话无效或已过期，请重新登录。",
                zhHant: "您的工作階段無效或已過期，請重新登入。")
        case .insufficientScope:
            Translations(
                ar: "غير مسموح لك بتنفيذ هذا الإجراء",
                de: "Sie sind nicht berechtigt, diese Aktion auszuführen",
                es: "No tiene permiso para realizar esta acción",
                fr: "Vous n'êtes pas autorisé à effectuer cette action",
                hu: "Nincs jogosultsága a művelet végrehajtásához",
                it: "Non hai l'autorizzazione per eseguire questa azione",
                jp: "この操作を実行する権限がありません",
                ko: "이 작업을 수행할 권한이 없습니다",
                nl: "U hebt geen toestemming om deze actie uit te voeren",
                pt: "Você não tem permissão para realizar esta ação",
                ru: "У вас нет прав на выполнение этого действия",
                sk: "Na vykonanie tejto akcie nemáte oprávnenie",
                zhHans: "您无权执行此操作",
                zhHant: "您無權執行此操作")
        case .invalidVerificationCode:
            Translations(
                ar: "رمز التحقق غير صالح أو منتهي الصلاحية",
                de: "Der Bestätigungscode ist ungültig oder abgelaufen",
                es: "El código de verificación no es válido o ha caducado",
                fr: "Le code de vérification est invalide ou a expiré",
                hu: "Az ellenőrző kód érvénytelen vagy lejárt",
                it: "Il codice di verifica non è valido o è scaduto",
                jp: "確認コードが無効か、有効期限が切れています",
                ko: "인증 코드가 유효하지 않거나 만료되었습니다",
                nl: "De verificatiecode is ongeldig of verlopen",
                pt: "O código de verificação é inválido ou expirou",
                ru: "Код подтверждения недействителен или истёк",
                sk: "Overovací kód je neplatný alebo vypršal",
                zhHans: "验证码无效或已过期",
                zhHant: "驗證碼無效或已過期")
        case .invalidGrant:
            Translations(
                ar: "التفويض غير صالح أو منتهي الصلاحية",
                de: "Die Autorisierung ist ungültig oder abgelaufen",
                es: "La autorización no es válida o ha caducado",
                fr: "L'autorisation est invalide ou a expiré",
                hu: "Az engedélyezés érvénytelen vagy lejárt",
                it: "L'autorizzazione non è valida o è scaduta",
                jp: "認可が無効か、有効期限が切れています",
                ko: "권한 부여가 유효하지 않거나 만료되었습니다",
                nl: "De autorisatie is ongeldig of verlopen",
                pt: "A autorização é inválida ou expirou",
                ru: "Авторизация недействительна или истекла",
                sk: "Autorizácia je neplatná alebo vypršala",
                zhHans: "授权无效或已过期",
                zhHant: "授權無效或已過期")
        case .invalidClient:
            Translations(
                ar: "عميل غير معروف",
                de: "Unbekannter Client",
                es: "Cliente desconocido",
                fr: "Client inconnu",
                hu: "Ismeretlen kliens",
                it: "Client sconosciuto",
                jp: "不明なクライアントです",
                ko: "알 수 없는 클라이언트입니다",
                nl: "Onbekende client",
                pt: "Cliente desconhecido",
                ru: "Неизвестный клиент",
                sk: "Neznámy klient",
                zhHans: "未知的客户端",
                zhHant: "未知的用戶端")
        case .webauthnFailed:
            Translations(
                ar: "تعذّر التحقق من مفتاح المرور",
                de: "Der Passkey konnte nicht überprüft werden",
                es: "No se pudo verificar la llave de acceso",
                fr: "La clé d'accès n'a pas pu être vérifiée",
                hu: "Az azonosítókulcsot nem sikerült ellenőrizni",
                it: "Impossibile verificare la passkey",
                jp: "パスキーを確認できませんでした",
                ko: "패스키를 확인할 수 없습니다",
                nl: "De toegangssleutel kan niet worden geverifieerd",
                pt: "Não foi possível verificar a chave de acesso",
                ru: "Не удалось проверить ключ доступа",
                sk: "Prístupový kľúč sa nepodarilo overiť",
                zhHans: "无法验证通行密钥",
                zhHant: "無法驗證密碼金鑰")
        case .fieldNotUpdatable:
            Translations(
                ar: "لا يمكن تغيير هذا الحقل هنا",
                de: "Dieses Feld kann hier nicht geändert werden",
                es: "Este campo no se puede modificar aquí",
                fr: "Ce champ ne peut pas être modifié ici",
                hu: "Ez a mező itt nem módosítható",
                it: "Questo campo non può essere modificato qui",
                jp: "この項目はここでは変更できません",
                ko: "이 항목은 여기에서 변경할 수 없습니다",
                nl: "Dit veld kan hier niet worden gewijzigd",
                pt: "Este campo não pode ser alterado aqui",
                ru: "Это поле нельзя изменить здесь",
                sk: "Toto pole tu nemožno zmeniť",
                zhHans: "此字段无法在此处修改",
                zhHant: "此欄位無法在此處修改")
        case .featureDisabled:
            Translations(
                ar: "هذه الميزة غير مفعّلة",
                de: "Diese Funktion ist nicht aktiviert",
                es: "Esta función no está habilitada",
                fr: "Cette fonctionnalité n'est pas activée",
                hu: "Ez a funkció nincs engedélyezve",
                it: "Questa funzionalità non è abilitata",
                jp: "この機能は有効になっていません",
                ko: "이 기능은 활성화되어 있지 않습니다",
                nl: "Deze functie is niet ingeschakeld",
                pt: "Este recurso não está ativado",
                ru: "Эта функция не включена",
                sk: "Táto funkcia nie je povolená",
                zhHans: "此功能未启用",
                zhHant: "此功能未啟用")
        case .notFound:
            Translations(
                ar: "غير موجود",
                de: "Nicht gefunden",
                es: "No encontrado",
                fr: "Introuvable",
                hu: "Nem található",
                it: "Non trovato",
                jp: "見つかりません",
                ko: "찾을 수 없습니다",
                nl: "Niet gevonden",
                pt: "Não encontrado",
                ru: "Не найдено",
                sk: "Nenájdené",
                zhHans: "未找到",
                zhHant: "找不到")
        case .serverError:
            Translations(
                ar: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى لاحقًا.",
                de: "Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.",
                es: "Se produjo un error inesperado. Inténtelo de nuevo más tarde.",
                fr: "Une erreur inattendue s'est produite. Veuillez réessayer plus tard.",
                hu: "Váratlan hiba történt. Kérjük, próbálja újra később.",
                it: "Si è verificato un errore imprevisto. Riprova più tardi.",
                jp: "予期しないエラーが発生しました。しばらくしてからもう一度お試しください。",
                ko: "예기치 않은 오류가 발생했습니다. 나중에 다시 시도해 주세요.",
                nl: "Er is een onverwachte fout opgetreden. Probeer het later opnieuw.",
                pt: "Ocorreu um erro inesperado. Tente novamente mais tarde.",
                ru: "Произошла непредвиденная ошибка. Повторите попытку позже.",
                sk: "Vyskytla sa neočakávaná chyba. Skúste to znova neskôr.",
                zhHans: "发生意外错误，请稍后重试。",
                zhHant: "發生未預期的錯誤，請稍後再試。")
        case .accessTokenFreshness:
            Translations(
                ar: "لأسباب أمنية، يرجى تسجيل الدخول مرة أخرى قبل إجراء هذا التغيير",
                de: "Bitte melden Sie sich aus Sicherheitsgründen erneut an, bevor Sie diese Änderung vornehmen",
                es: "Por seguridad, vuelva a iniciar sesión antes de hacer este cambio",
                fr: "Par sécurité, veuillez vous reconnecter avant d'effectuer cette modification",
                hu: "Biztonsági okokból jelentkezzen be újra, mielőtt végrehajtja ezt a módosítást",
                it: "Per sicurezza, effettua di nuovo l'accesso prima di apportare questa modifica",
                jp: "セキュリティのため、この変更を行う前にもう一度ログインしてください",
                ko: "보안을 위해 이 변경을 하기 전에 다시 로그인해 주세요",
                nl: "Log om veiligheidsredenen opnieuw in voordat u deze wijziging aanbrengt",
                pt: "Por segurança, faça login novamente antes de fazer esta alteração",
                ru: "В целях безопасности войдите снова, прежде чем вносить это изменение",
                sk: "Z bezpečnostných dôvodov sa pred touto zmenou znova prihláste",
                zhHans: "为了安全，请在进行此更改前重新登录",
                zhHant: "為了安全，請在進行此變更前重新登入")
        case .tooManyRequests:
            Translations(
                ar: "عدد كبير جدًا من المحاولات. يرجى المحاولة مرة أخرى لاحقًا.",
                de: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
                es: "Demasiados intentos. Inténtelo de nuevo más tarde.",
                fr: "Trop de tentatives. Veuillez réessayer plus tard.",
                hu: "Túl sok próbálkozás. Kérjük, próbálja újra később.",
                it: "Troppi tentativi. Riprova più tardi.",
                jp: "試行回数が多すぎます。しばらくしてからもう一度お試しください。",
                ko: "시도 횟수가 너무 많습니다. 나중에 다시 시도해 주세요.",
                nl: "Te veel pogingen. Probeer het later opnieuw.",
                pt: "Muitas tentativas. Tente novamente mais tarde.",
                ru: "Слишком много попыток. Повторите попытку позже.",
                sk: "Príliš veľa pokusov. Skúste to znova neskôr.",
                zhHans: "尝试次数过多，请稍后重试。",
                zhHant: "嘗試次數過多，請稍後再試。")
        }
    }
}
