/// The OpenAPI 3.1 description of every route, served at `/openapi.json`.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Latchkey identity server",
            "version": "0.4.0",
            "description": "A ReachFive-compatible identity server. Request and response members are snake_case. Request bodies are JSON objects (at most 1 MiB, nested at most 64 deep; an empty body reads as {}); unknown members are ignored, and an optional member sent as null counts as absent (except on update-profile, where null deletes). The query parameters platform and sdk, which the SDKs add to every call, are accepted on every route and ignored. Every non-2xx answer has a JSON object body with error, error_id, error_description, error_message_key, error_user_msg and, for field errors, error_details. An unknown route, or a known path with a method it does not take, answers 404 with such a body. X-R5-Correlation-Id is echoed. The /emulator/v1 routes exist only when the server runs with --emulator-api."
          },
          "tags": [
            {
              "name": "config"
            },
            {
              "name": "signup"
            },
            {
              "name": "login"
            },
            {
              "name": "oauth"
            },
            {
              "name": "profile"
            },
            {
              "name": "password"
            },
            {
              "name": "verification"
            },
            {
              "name": "passwordless"
            },
            {
              "name": "webauthn"
            },
            {
              "name": "discovery"
            },
            {
              "name": "emulator"
            }
          ],
          "paths": {
            "/identity/v1/config": {
              "get": {
                "operationId": "getClientConfig",
                "summary": "Client configuration (what initialize() reads)",
                "tags": [
                  "config"
                ],
                "parameters": [
                  {
                    "name": "client_id",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "description": "The configured client id",
                      "examples": [
                        "latchkey-local"
                      ]
                    }
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The client configuration",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "scope": {
                              "type": "string",
                              "description": "The allowed scopes, space-separated"
                            },
                            "sms": {
                              "type": "boolean"
                            },
                            "password_policy": {
                              "type": "object",
                              "properties": {
                                "min_strength": {
                                  "type": "integer",
                                  "minimum": 0,
                                  "maximum": 4
                                },
                                "allow_update_with_access_token_only": {
                                  "type": "boolean"
                                }
                              },
                              "required": [
                                "min_strength",
                                "allow_update_with_access_token_only"
                              ],
                              "additionalProperties": false
                            }
                          },
                          "required": [
                            "scope",
                            "sms",
                            "password_policy"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/api/v1/providers": {
              "get": {
                "operationId": "getProviders",
                "summary": "Social login providers",
                "tags": [
                  "config"
                ],
                "description": "Other query parameters (`<provider>=<variant>`, as the SDK sends them) are ignored.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The enabled providers",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "items": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "properties": {
                                  "provider": {
                                    "type": "string"
                                  },
                                  "client_id": {
                                    "type": "string"
                                  },
                                  "scope": {
                                    "type": "array",
                                    "items": {
                                      "type": "string"
                                    }
                                  }
                                },
                                "required": [
                                  "provider",
                                  "client_id",
                                  "scope"
                                ],
                                "additionalProperties": false
                              }
                            },
                            "status": {
                              "const": "success"
                            }
                          },
                          "required": [
                            "items",
                            "status"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/signup-token": {
              "post": {
                "operationId": "signupToken",
                "summary": "Password signup returning tokens (iOS SDK)",
                "tags": [
                  "signup"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/SignupRequest"
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "Tokens; an empty object when unverified identifiers may not log in (AwaitingIdentifierVerification)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "anyOf": [
                            {
                              "$ref": "#/components/schemas/TokenResponse"
                            },
                            {
                              "type": "object",
                              "maxProperties": 0
                            }
                          ]
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/signup": {
              "post": {
                "operationId": "signup",
                "summary": "Password signup returning a tkn (web SDK)",
                "tags": [
                  "signup"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/SignupRequest"
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "The new account id, and a tkn unless unverified identifiers may not log in",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "id": {
                              "type": "string",
                              "minLength": 1
                            },
                            "tkn": {
                              "type": "string",
                              "pattern": "^[A-Za-z0-9_-]+$"
                            }
                          },
                          "required": [
                            "id"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    },
                    "links": {
                      "AuthorizeWithTkn": {
                        "operationId": "authorize",
                        "description": "The tkn ends the login at /oauth/authorize",
                        "parameters": {
                          "tkn": "$response.body#/tkn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/password/login": {
              "post": {
                "operationId": "passwordLogin",
                "summary": "Password login",
                "tags": [
                  "login"
                ],
                "description": "Bad credentials (and an unknown account) are 400 invalid_grant.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "grant_type": {
                            "const": "password"
                          },
                          "scope": {
                            "type": "string",
                            "description": "Space-separated scopes; empty or absent means openid",
                            "examples": [
                              "openid email profile full_write offline_access"
                            ]
                          },
                          "password": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1024
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "custom_identifier": {
                            "type": "string",
                            "maxLength": 400
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "client_id",
                          "password"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          },
                          {
                            "required": [
                              "custom_identifier"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "A tkn for /oauth/authorize",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "tkn": {
                              "type": "string",
                              "pattern": "^[A-Za-z0-9_-]+$"
                            },
                            "mfa_required": {
                              "type": "boolean"
                            }
                          },
                          "required": [
                            "tkn",
                            "mfa_required"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    },
                    "links": {
                      "AuthorizeWithTkn": {
                        "operationId": "authorize",
                        "description": "The tkn ends the login at /oauth/authorize",
                        "parameters": {
                          "tkn": "$response.body#/tkn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/oauth/authorize": {
              "get": {
                "operationId": "authorize",
                "summary": "Authorization (tkn or Apple identity token → code)",
                "tags": [
                  "oauth"
                ],
                "parameters": [
                  {
                    "name": "client_id",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "minLength": 1,
                      "description": "The configured client id",
                      "examples": [
                        "latchkey-local"
                      ]
                    }
                  },
                  {
                    "name": "redirect_uri",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "examples": [
                        "reachfive-latchkey-local://callback"
                      ]
                    },
                    "description": "Must be an allowed callback URL; until it is checked, errors are answered 400 here"
                  },
                  {
                    "name": "response_type",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "const": "code"
                    }
                  },
                  {
                    "name": "code_challenge",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "minLength": 43,
                      "maxLength": 43,
                      "pattern": "^[A-Za-z0-9_-]+$"
                    },
                    "description": "base64url(SHA-256(verifier))"
                  },
                  {
                    "name": "code_challenge_method",
                    "in": "query",
                    "required": true,
                    "schema": {
                      "const": "S256"
                    }
                  },
                  {
                    "name": "scope",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "description": "Space-separated scopes; empty or absent means openid",
                      "examples": [
                        "openid email profile full_write offline_access"
                      ]
                    }
                  },
                  {
                    "name": "state",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "tkn",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "From password login, signup or a passkey ceremony"
                  },
                  {
                    "name": "provider",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "examples": [
                        "apple"
                      ]
                    },
                    "description": "apple or apple:<variant>, with id_token and nonce"
                  },
                  {
                    "name": "id_token",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "nonce",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "given_name",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "family_name",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "origin",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "description": "A free-text analytics tag; ignored"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "302": {
                    "description": "Redirect to redirect_uri with code (and state), or with error and error_description",
                    "headers": {
                      "Location": {
                        "$ref": "#/components/headers/Location"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/oauth/token": {
              "post": {
                "operationId": "token",
                "summary": "Token (authorization_code with PKCE, or refresh_token)",
                "tags": [
                  "oauth"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "grant_type": {
                            "enum": [
                              "authorization_code",
                              "refresh_token"
                            ]
                          },
                          "code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 512
                          },
                          "code_verifier": {
                            "type": "string",
                            "minLength": 43,
                            "maxLength": 128,
                            "pattern": "^[A-Za-z0-9._~-]+$"
                          },
                          "redirect_uri": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048
                          },
                          "refresh_token": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 512
                          },
                          "scope": {
                            "type": "string",
                            "description": "refresh_token only: a narrower scope"
                          }
                        },
                        "required": [
                          "client_id",
                          "grant_type"
                        ],
                        "additionalProperties": true,
                        "oneOf": [
                          {
                            "properties": {
                              "grant_type": {
                                "const": "authorization_code"
                              }
                            },
                            "required": [
                              "code",
                              "code_verifier",
                              "redirect_uri"
                            ]
                          },
                          {
                            "properties": {
                              "grant_type": {
                                "const": "refresh_token"
                              }
                            },
                            "required": [
                              "refresh_token"
                            ]
                          }
                        ]
                      }
                    },
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "grant_type": {
                            "enum": [
                              "authorization_code",
                              "refresh_token"
                            ]
                          },
                          "code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 512
                          },
                          "code_verifier": {
                            "type": "string",
                            "minLength": 43,
                            "maxLength": 128,
                            "pattern": "^[A-Za-z0-9._~-]+$"
                          },
                          "redirect_uri": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048
                          },
                          "refresh_token": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 512
                          },
                          "scope": {
                            "type": "string",
                            "description": "refresh_token only: a narrower scope"
                          }
                        },
                        "required": [
                          "client_id",
                          "grant_type"
                        ],
                        "additionalProperties": true,
                        "oneOf": [
                          {
                            "properties": {
                              "grant_type": {
                                "const": "authorization_code"
                              }
                            },
                            "required": [
                              "code",
                              "code_verifier",
                              "redirect_uri"
                            ]
                          },
                          {
                            "properties": {
                              "grant_type": {
                                "const": "refresh_token"
                              }
                            },
                            "required": [
                              "refresh_token"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}. Also accepted form-encoded (RFC 6749)."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "The tokens",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/TokenResponse"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/oauth/revoke": {
              "post": {
                "operationId": "revoke",
                "summary": "Revoke an access or refresh token (RFC 7009)",
                "tags": [
                  "oauth"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "token": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 8192
                          },
                          "token_type_hint": {
                            "type": "string",
                            "examples": [
                              "access_token",
                              "refresh_token"
                            ]
                          }
                        },
                        "required": [
                          "client_id",
                          "token"
                        ],
                        "additionalProperties": true
                      }
                    },
                    "application/x-www-form-urlencoded": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "token": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 8192
                          },
                          "token_type_hint": {
                            "type": "string",
                            "examples": [
                              "access_token",
                              "refresh_token"
                            ]
                          }
                        },
                        "required": [
                          "client_id",
                          "token"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}. Also accepted form-encoded (RFC 6749)."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "Revoked, or the token was unknown",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "maxProperties": 0
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/userinfo": {
              "get": {
                "operationId": "userinfo",
                "summary": "The signed-in account's profile",
                "tags": [
                  "profile"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The profile",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Profile"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/update-profile": {
              "post": {
                "operationId": "updateProfile",
                "summary": "Update the profile (absent: keep; null: delete; value: set)",
                "tags": [
                  "profile"
                ],
                "description": "Needs full_write. email and password only when the profile has no email; phone_number not while SMS is on. Setting password (a profile without email) needs a login at most fresh_login_seconds old (else 401 error.accessToken.freshness) and ends the account's other sessions.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "email": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ],
                            "description": "E.164, or national form in the configured default country"
                          },
                          "custom_identifier": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "minLength": 4,
                            "maxLength": 80,
                            "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
                          },
                          "given_name": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "middle_name": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "family_name": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "name": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "nickname": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "birthdate": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "profile_url": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "picture": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "username": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "gender": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "locale": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "bio": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "company": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "external_id": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "maxLength": 2048
                          },
                          "lite_only": {
                            "type": [
                              "boolean",
                              "null"
                            ]
                          },
                          "addresses": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "maxItems": 20,
                            "items": {
                              "type": "object",
                              "additionalProperties": {
                                "type": [
                                  "string",
                                  "number",
                                  "boolean",
                                  "null"
                                ]
                              }
                            },
                            "description": "Flat objects (no nested objects or arrays)."
                          },
                          "custom_fields": {
                            "type": [
                              "object",
                              "null"
                            ],
                            "maxProperties": 100,
                            "additionalProperties": {
                              "anyOf": [
                                {
                                  "type": [
                                    "string",
                                    "number",
                                    "boolean"
                                  ]
                                },
                                {
                                  "type": "array",
                                  "items": {
                                    "type": [
                                      "string",
                                      "number",
                                      "boolean"
                                    ]
                                  }
                                }
                              ]
                            }
                          },
                          "consents": {
                            "type": [
                              "object",
                              "null"
                            ],
                            "maxProperties": 100,
                            "additionalProperties": {
                              "type": "object",
                              "properties": {
                                "granted": {
                                  "type": "boolean"
                                },
                                "date": {
                                  "type": "string"
                                },
                                "consent_type": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "granted"
                              ],
                              "additionalProperties": true
                            }
                          },
                          "password": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1024,
                            "description": "Only when the profile has no email"
                          }
                        },
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The updated profile",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Profile"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/update-email": {
              "post": {
                "operationId": "updateEmail",
                "summary": "Change the email address",
                "tags": [
                  "profile"
                ],
                "description": "Needs full_write.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email",
                            "minLength": 1
                          },
                          "redirect_url": {
                            "type": "string",
                            "maxLength": 2048
                          }
                        },
                        "required": [
                          "email"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The updated profile",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Profile"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/update-phone-number": {
              "post": {
                "operationId": "updatePhoneNumber",
                "summary": "Change the phone number",
                "tags": [
                  "profile"
                ],
                "description": "Needs full_write. With SMS on, a verification code is sent.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ],
                            "minLength": 1
                          }
                        },
                        "required": [
                          "phone_number"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The updated profile",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Profile"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/verify-phone-number": {
              "post": {
                "operationId": "verifyPhoneNumber",
                "summary": "Verify the phone number with the SMS code",
                "tags": [
                  "profile"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ],
                            "minLength": 1
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          }
                        },
                        "required": [
                          "phone_number",
                          "verification_code"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/logout": {
              "get": {
                "operationId": "logout",
                "summary": "End the web session",
                "tags": [
                  "profile"
                ],
                "parameters": [
                  {
                    "name": "post_logout_redirect_uri",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "examples": [
                        "reachfive-latchkey-local://callback"
                      ]
                    },
                    "description": "Must be an allowed callback URL"
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "302": {
                    "description": "Redirect to post_logout_redirect_uri",
                    "headers": {
                      "Location": {
                        "$ref": "#/components/headers/Location"
                      },
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/update-password": {
              "post": {
                "operationId": "updatePassword",
                "summary": "Change the password",
                "tags": [
                  "password"
                ],
                "description": "With a bearer token (full_write): {password, old_password?}. Without: {client_id, password, verification_code, email | phone_number} (the forgot-password code). A password change ends every other session of the account (the caller's own session stays). Without old_password, the login behind the token must be at most fresh_login_seconds old (default 300), else 401 error.accessToken.freshness; a refresh does not make a login fresh. A reset code proves the identifier it was sent to (see verify-email) and ends every session.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "password": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 1024
                          },
                          "old_password": {
                            "type": "string",
                            "maxLength": 1024
                          },
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          }
                        },
                        "required": [
                          "password"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {},
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/forgot-password": {
              "post": {
                "operationId": "forgotPassword",
                "summary": "Send a password reset code",
                "tags": [
                  "password"
                ],
                "description": "The same 204 whether or not the account exists.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "redirect_url": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "client_id"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/send-email-verification": {
              "post": {
                "operationId": "sendEmailVerification",
                "summary": "Send the email verification code",
                "tags": [
                  "verification"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": false,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "redirect_url": {
                            "type": "string",
                            "maxLength": 2048
                          }
                        },
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Whether an email was sent (false: no email, or already verified)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "verification_email_sent": {
                              "type": "boolean"
                            }
                          },
                          "required": [
                            "verification_email_sent"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/verify-email": {
              "post": {
                "operationId": "verifyEmail",
                "summary": "Verify the email address with the code",
                "tags": [
                  "verification"
                ],
                "description": "With a bearer token (needs full_write): the session's account's email is marked verified. Without one (client_id, email, verification_code): the code from the inbox proves the address, and the ownership rule of proven identifiers applies (README, \"Who owns an account\"): the prover becomes the account's sole owner, or the address moves to a new account of its own when another identifier of the account is verified.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email",
                            "minLength": 1
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "Required without a bearer token",
                            "examples": [
                              "latchkey-local"
                            ]
                          }
                        },
                        "required": [
                          "email",
                          "verification_code"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  },
                  {}
                ],
                "responses": {
                  "200": {
                    "description": "Verified",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "message": {
                              "enum": [
                                "Successfully verified email",
                                "Email already verified"
                              ]
                            }
                          },
                          "required": [
                            "message"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/passwordless/start": {
              "post": {
                "operationId": "passwordlessStart",
                "summary": "Send a magic link or SMS code",
                "tags": [
                  "passwordless"
                ],
                "description": "An unknown email or phone number gets a new account. SMS (phone_number) only when the configuration's sms is on. At most limits.codes_per_identifier codes per identifier per limits.code_window seconds (429 past it).",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "response_type": {
                            "const": "code"
                          },
                          "auth_type": {
                            "enum": [
                              "magic_link",
                              "sms"
                            ]
                          },
                          "redirect_uri": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048,
                            "examples": [
                              "reachfive-latchkey-local://callback"
                            ]
                          },
                          "code_challenge": {
                            "type": "string",
                            "minLength": 43,
                            "maxLength": 128,
                            "pattern": "^[A-Za-z0-9_-]*={0,2}$"
                          },
                          "code_challenge_method": {
                            "const": "S256"
                          },
                          "state": {
                            "type": "string",
                            "maxLength": 512
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "client_id",
                          "redirect_uri",
                          "code_challenge",
                          "code_challenge_method"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/verify-auth-code": {
              "post": {
                "operationId": "verifyAuthCode",
                "summary": "Check a passwordless code (without using it)",
                "tags": [
                  "passwordless"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "auth_type": {
                            "type": "string"
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "verification_code"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/passwordless/verify": {
              "post": {
                "operationId": "passwordlessVerify",
                "summary": "Exchange a passwordless code for an authorization code",
                "tags": [
                  "passwordless"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "state": {
                            "type": "string"
                          },
                          "response_type": {
                            "type": "string"
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "client_id",
                          "verification_code"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "An authorization code for /oauth/token (with the PKCE verifier of start)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "code": {
                              "type": "string",
                              "pattern": "^[A-Za-z0-9_-]+$"
                            },
                            "state": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "code",
                            "state"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/account-recovery": {
              "post": {
                "operationId": "accountRecovery",
                "summary": "Send an account recovery (passkey reset) code",
                "tags": [
                  "passwordless"
                ],
                "description": "The same 204 whether or not the account exists.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "redirect_url": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "origin": {
                            "type": "string",
                            "description": "A free-text analytics tag; ignored"
                          }
                        },
                        "required": [
                          "client_id"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/signup-options": {
              "post": {
                "operationId": "webauthnSignupOptions",
                "summary": "Passkey signup: creation options",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "origin": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048,
                            "description": "The WebAuthn origin; must be an allowed origin",
                            "examples": [
                              "https://localhost"
                            ]
                          },
                          "scope": {
                            "type": "string",
                            "description": "Space-separated scopes; empty or absent means openid",
                            "examples": [
                              "openid email profile full_write offline_access"
                            ]
                          },
                          "profile": {
                            "$ref": "#/components/schemas/ProfileInput"
                          },
                          "friendly_name": {
                            "type": "string",
                            "maxLength": 256,
                            "description": "Empty or absent: Passkey"
                          }
                        },
                        "required": [
                          "client_id",
                          "origin",
                          "profile"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "Creation options",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CreationOptions"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/signup": {
              "post": {
                "operationId": "webauthnSignup",
                "summary": "Passkey signup: finish",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "name": "origin",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "description": "A free-text analytics tag; ignored"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "webauthn_id": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 256,
                            "description": "options.public_key.user.id"
                          },
                          "public_key_credential": {
                            "$ref": "#/components/schemas/RegistrationCredential"
                          }
                        },
                        "required": [
                          "webauthn_id",
                          "public_key_credential"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "A tkn for /oauth/authorize",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Tkn"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    },
                    "links": {
                      "AuthorizeWithTkn": {
                        "operationId": "authorize",
                        "description": "The tkn ends the login at /oauth/authorize",
                        "parameters": {
                          "tkn": "$response.body#/tkn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/authentication-options": {
              "post": {
                "operationId": "webauthnAuthenticationOptions",
                "summary": "Passkey login: request options",
                "tags": [
                  "webauthn"
                ],
                "description": "With email or phone_number, allow_credentials lists that account's passkeys (400 when it has none).",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "origin": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048,
                            "description": "The WebAuthn origin; must be an allowed origin",
                            "examples": [
                              "https://localhost"
                            ]
                          },
                          "scope": {
                            "type": "string",
                            "description": "Space-separated scopes; empty or absent means openid",
                            "examples": [
                              "openid email profile full_write offline_access"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          }
                        },
                        "required": [
                          "client_id",
                          "origin"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "Request options",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RequestOptions"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/authentication": {
              "post": {
                "operationId": "webauthnAuthentication",
                "summary": "Passkey login: finish",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/AuthenticationCredential"
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "A tkn for /oauth/authorize",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Tkn"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    },
                    "links": {
                      "AuthorizeWithTkn": {
                        "operationId": "authorize",
                        "description": "The tkn ends the login at /oauth/authorize",
                        "parameters": {
                          "tkn": "$response.body#/tkn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/registration-options": {
              "post": {
                "operationId": "webauthnRegistrationOptions",
                "summary": "Add a passkey: creation options",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "origin": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048,
                            "description": "The WebAuthn origin; must be an allowed origin",
                            "examples": [
                              "https://localhost"
                            ]
                          },
                          "friendly_name": {
                            "type": "string",
                            "maxLength": 256,
                            "description": "Empty or absent: Passkey"
                          }
                        },
                        "required": [
                          "origin"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Creation options (exclude_credentials: the account's passkeys)",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CreationOptions"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/registration": {
              "post": {
                "operationId": "webauthnRegistration",
                "summary": "Add a passkey: finish",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "name": "origin",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "description": "A free-text analytics tag; ignored"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/RegistrationCredential"
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              },
              "get": {
                "operationId": "webauthnListRegistrations",
                "summary": "The account's passkeys",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The passkeys",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/DeviceCredential"
                          }
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/registration/{id}": {
              "delete": {
                "operationId": "webauthnDeleteRegistration",
                "summary": "Delete a passkey",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string",
                      "pattern": "^[A-Za-z0-9_-]+$"
                    },
                    "description": "The credential id (base64url)"
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [
                  {
                    "bearerAuth": []
                  }
                ],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "403": {
                    "$ref": "#/components/responses/Forbidden"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/reset-options": {
              "post": {
                "operationId": "webauthnResetOptions",
                "summary": "Passkey reset: creation options",
                "tags": [
                  "webauthn"
                ],
                "description": "Takes the account-recovery code (checked, not used).",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "origin": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 2048,
                            "description": "The WebAuthn origin; must be an allowed origin",
                            "examples": [
                              "https://localhost"
                            ]
                          },
                          "friendly_name": {
                            "type": "string",
                            "maxLength": 256,
                            "description": "Empty or absent: Passkey"
                          }
                        },
                        "required": [
                          "client_id",
                          "origin",
                          "verification_code"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "Creation options",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CreationOptions"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/identity/v1/webauthn/reset": {
              "post": {
                "operationId": "webauthnReset",
                "summary": "Passkey reset: finish (replaces every passkey)",
                "tags": [
                  "webauthn"
                ],
                "parameters": [
                  {
                    "name": "origin",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "description": "A free-text analytics tag; ignored"
                    }
                  },
                  {
                    "$ref": "#/components/parameters/platform"
                  },
                  {
                    "$ref": "#/components/parameters/sdk"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "client_id": {
                            "type": "string",
                            "minLength": 1,
                            "description": "The configured client id",
                            "examples": [
                              "latchkey-local"
                            ]
                          },
                          "verification_code": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "description": "The 6-digit code sent by email or SMS",
                            "examples": [
                              "123456"
                            ]
                          },
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ]
                          },
                          "public_key_credential": {
                            "$ref": "#/components/schemas/RegistrationCredential"
                          }
                        },
                        "required": [
                          "client_id",
                          "verification_code",
                          "public_key_credential"
                        ],
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "429": {
                    "$ref": "#/components/responses/TooManyRequests"
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/.well-known/openid-configuration": {
              "get": {
                "operationId": "openidConfiguration",
                "summary": "OIDC discovery",
                "tags": [
                  "discovery"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OIDC provider metadata",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "issuer": {
                              "type": "string",
                              "minLength": 1
                            },
                            "authorization_endpoint": {
                              "type": "string",
                              "minLength": 1
                            },
                            "token_endpoint": {
                              "type": "string",
                              "minLength": 1
                            },
                            "revocation_endpoint": {
                              "type": "string",
                              "minLength": 1
                            },
                            "userinfo_endpoint": {
                              "type": "string",
                              "minLength": 1
                            },
                            "end_session_endpoint": {
                              "type": "string",
                              "minLength": 1
                            },
                            "jwks_uri": {
                              "type": "string",
                              "minLength": 1
                            },
                            "scopes_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "response_types_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "grant_types_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "subject_types_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "id_token_signing_alg_values_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "token_endpoint_auth_methods_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "code_challenge_methods_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            },
                            "claims_supported": {
                              "type": "array",
                              "items": {
                                "type": "string"
                              }
                            }
                          },
                          "required": [
                            "issuer",
                            "authorization_endpoint",
                            "token_endpoint",
                            "revocation_endpoint",
                            "userinfo_endpoint",
                            "end_session_endpoint",
                            "jwks_uri",
                            "scopes_supported",
                            "response_types_supported",
                            "grant_types_supported",
                            "subject_types_supported",
                            "id_token_signing_alg_values_supported",
                            "token_endpoint_auth_methods_supported",
                            "code_challenge_methods_supported",
                            "claims_supported"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/.well-known/jwks.json": {
              "get": {
                "operationId": "jwks",
                "summary": "The token signing keys",
                "tags": [
                  "discovery"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The JWK set",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "keys": {
                              "type": "array",
                              "minItems": 1,
                              "items": {
                                "type": "object",
                                "properties": {
                                  "kty": {
                                    "const": "EC"
                                  },
                                  "crv": {
                                    "const": "P-256"
                                  },
                                  "x": {
                                    "type": "string",
                                    "pattern": "^[A-Za-z0-9_-]+$"
                                  },
                                  "y": {
                                    "type": "string",
                                    "pattern": "^[A-Za-z0-9_-]+$"
                                  },
                                  "kid": {
                                    "type": "string",
                                    "minLength": 1
                                  },
                                  "alg": {
                                    "const": "ES256"
                                  },
                                  "use": {
                                    "const": "sig"
                                  }
                                },
                                "required": [
                                  "kty",
                                  "crv",
                                  "x",
                                  "y",
                                  "kid",
                                  "alg",
                                  "use"
                                ],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": [
                            "keys"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openapi",
                "summary": "This document",
                "tags": [
                  "discovery"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OpenAPI document",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "required": [
                            "openapi",
                            "info",
                            "paths"
                          ],
                          "properties": {
                            "openapi": {
                              "type": "string"
                            },
                            "info": {
                              "type": "object"
                            },
                            "paths": {
                              "type": "object"
                            }
                          }
                        }
                      }
                    },
                    "headers": {
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "default": {
                    "$ref": "#/components/responses/Fault"
                  }
                }
              }
            },
            "/emulator/v1/outbox": {
              "get": {
                "operationId": "emulatorOutbox",
                "summary": "Sent emails and SMS",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "Recipient (emails compared lower-cased)"
                  },
                  {
                    "name": "channel",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "enum": [
                        "email",
                        "sms"
                      ]
                    }
                  },
                  {
                    "name": "since",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "format": "date-time"
                    },
                    "description": "ISO 8601 date-time; messages created at or after it"
                  },
                  {
                    "name": "after_id",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "maximum": 9223372036854775807
                    },
                    "description": "Only messages whose id is greater (ids grow): an exclusive cursor for a reader that long-polls"
                  },
                  {
                    "name": "wait",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 60
                    },
                    "description": "Seconds to long-poll for a first matching message"
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The matching messages, oldest first",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "messages": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "properties": {
                                  "id": {
                                    "type": "string",
                                    "pattern": "^[0-9]+$"
                                  },
                                  "channel": {
                                    "enum": [
                                      "email",
                                      "sms"
                                    ]
                                  },
                                  "to": {
                                    "type": "string"
                                  },
                                  "body": {
                                    "type": "string"
                                  },
                                  "created_at": {
                                    "type": "string",
                                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"
                                  },
                                  "subject": {
                                    "type": "string"
                                  },
                                  "code": {
                                    "type": "string"
                                  },
                                  "link": {
                                    "type": "string"
                                  }
                                },
                                "required": [
                                  "id",
                                  "channel",
                                  "to",
                                  "body",
                                  "created_at"
                                ],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": [
                            "messages"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "delete": {
                "operationId": "emulatorClearOutbox",
                "summary": "Empty the outbox",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            },
            "/emulator/v1/accounts": {
              "get": {
                "operationId": "emulatorAccounts",
                "summary": "Every account",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The accounts",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "accounts": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/EmulatorAccount"
                              }
                            }
                          },
                          "required": [
                            "accounts"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "post": {
                "operationId": "emulatorCreateAccount",
                "summary": "Create an account directly",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "email": {
                            "type": "string",
                            "maxLength": 320,
                            "format": "email"
                          },
                          "phone_number": {
                            "type": "string",
                            "maxLength": 64,
                            "examples": [
                              "+33612345678"
                            ],
                            "description": "E.164, or national form in the configured default country"
                          },
                          "custom_identifier": {
                            "type": "string",
                            "minLength": 4,
                            "maxLength": 80,
                            "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
                          },
                          "given_name": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "middle_name": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "family_name": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "name": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "nickname": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "birthdate": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "profile_url": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "picture": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "username": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "gender": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "locale": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "bio": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "company": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "external_id": {
                            "type": "string",
                            "maxLength": 2048
                          },
                          "lite_only": {
                            "type": "boolean"
                          },
                          "addresses": {
                            "type": "array",
                            "maxItems": 20,
                            "items": {
                              "type": "object",
                              "additionalProperties": {
                                "type": [
                                  "string",
                                  "number",
                                  "boolean",
                                  "null"
                                ]
                              }
                            },
                            "description": "Flat objects (no nested objects or arrays)."
                          },
                          "custom_fields": {
                            "type": "object",
                            "maxProperties": 100,
                            "additionalProperties": {
                              "anyOf": [
                                {
                                  "type": [
                                    "string",
                                    "number",
                                    "boolean"
                                  ]
                                },
                                {
                                  "type": "array",
                                  "items": {
                                    "type": [
                                      "string",
                                      "number",
                                      "boolean"
                                    ]
                                  }
                                }
                              ]
                            }
                          },
                          "consents": {
                            "type": "object",
                            "maxProperties": 100,
                            "additionalProperties": {
                              "type": "object",
                              "properties": {
                                "granted": {
                                  "type": "boolean"
                                },
                                "date": {
                                  "type": "string"
                                },
                                "consent_type": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "granted"
                              ],
                              "additionalProperties": true
                            }
                          },
                          "password": {
                            "type": "string",
                            "maxLength": 1024,
                            "description": "Not strength-checked"
                          },
                          "email_verified": {
                            "type": "boolean"
                          },
                          "phone_number_verified": {
                            "type": "boolean"
                          }
                        },
                        "additionalProperties": true,
                        "anyOf": [
                          {
                            "required": [
                              "email"
                            ]
                          },
                          {
                            "required": [
                              "phone_number"
                            ]
                          },
                          {
                            "required": [
                              "custom_identifier"
                            ]
                          }
                        ]
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "201": {
                    "description": "The new account",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Profile"
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              },
              "delete": {
                "operationId": "emulatorClearAll",
                "summary": "Delete every account, token, code and message",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            },
            "/emulator/v1/limits": {
              "get": {
                "operationId": "emulatorLimits",
                "summary": "The code limits and outbox capacity in force",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The limits",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "codes_per_identifier": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "code_window_seconds": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "wrong_codes_per_account": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "wrong_code_window_seconds": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "outbox_capacity": {
                              "type": "integer",
                              "minimum": 1
                            },
                            "fresh_login_seconds": {
                              "type": "integer",
                              "minimum": 1
                            }
                          },
                          "required": [
                            "codes_per_identifier",
                            "code_window_seconds",
                            "wrong_codes_per_account",
                            "wrong_code_window_seconds",
                            "outbox_capacity",
                            "fresh_login_seconds"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/emulator/v1/clock": {
              "get": {
                "operationId": "emulatorClock",
                "summary": "The server clock",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The clock",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "now": {
                              "type": "string",
                              "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                            },
                            "advanced_seconds": {
                              "type": "number",
                              "minimum": 0
                            }
                          },
                          "required": [
                            "now",
                            "advanced_seconds"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "post": {
                "operationId": "emulatorAdvanceClock",
                "summary": "Move the server clock forward",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "advance_seconds": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": 315360000
                          }
                        },
                        "required": [
                          "advance_seconds"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "200": {
                    "description": "The clock",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "now": {
                              "type": "string",
                              "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                            },
                            "advanced_seconds": {
                              "type": "number",
                              "minimum": 0
                            }
                          },
                          "required": [
                            "now",
                            "advanced_seconds"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            },
            "/emulator/v1/faults": {
              "post": {
                "operationId": "emulatorAddFault",
                "summary": "Plan a fault",
                "tags": [
                  "emulator"
                ],
                "description": "The next `count` calls to `path` (outside /emulator) answer `status` with a ReachFive error body (`error`; error_message_key error.server for 5xx, error.invalidRequest otherwise) after `delay_ms`, whatever their request. Such answers are outside the responses this document lists for those routes.",
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "path": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 512,
                            "pattern": "^/",
                            "not": {
                              "pattern": "^/emulator/"
                            }
                          },
                          "status": {
                            "type": "integer",
                            "minimum": 400,
                            "maximum": 599,
                            "default": 500
                          },
                          "count": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 10000,
                            "default": 1
                          },
                          "delay_ms": {
                            "type": "integer",
                            "minimum": 0,
                            "maximum": 60000,
                            "default": 0
                          },
                          "error": {
                            "type": "string",
                            "maxLength": 128,
                            "description": "Default server_error for 5xx, invalid_request otherwise"
                          }
                        },
                        "required": [
                          "path"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "201": {
                    "description": "The pending faults",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "faults": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "properties": {
                                  "path": {
                                    "type": "string",
                                    "pattern": "^/"
                                  },
                                  "status": {
                                    "type": "integer",
                                    "minimum": 400,
                                    "maximum": 599
                                  },
                                  "error": {
                                    "type": "string"
                                  },
                                  "count": {
                                    "type": "integer",
                                    "minimum": 1
                                  },
                                  "delay_ms": {
                                    "type": "integer",
                                    "minimum": 0,
                                    "maximum": 60000
                                  }
                                },
                                "required": [
                                  "path",
                                  "status",
                                  "error",
                                  "count",
                                  "delay_ms"
                                ],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": [
                            "faults"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              },
              "get": {
                "operationId": "emulatorFaults",
                "summary": "The pending faults",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The pending faults",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "faults": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "properties": {
                                  "path": {
                                    "type": "string",
                                    "pattern": "^/"
                                  },
                                  "status": {
                                    "type": "integer",
                                    "minimum": 400,
                                    "maximum": 599
                                  },
                                  "error": {
                                    "type": "string"
                                  },
                                  "count": {
                                    "type": "integer",
                                    "minimum": 1
                                  },
                                  "delay_ms": {
                                    "type": "integer",
                                    "minimum": 0,
                                    "maximum": 60000
                                  }
                                },
                                "required": [
                                  "path",
                                  "status",
                                  "error",
                                  "count",
                                  "delay_ms"
                                ],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": [
                            "faults"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "delete": {
                "operationId": "emulatorClearFaults",
                "summary": "Cancel every pending fault",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            },
            "/emulator/v1/requests": {
              "get": {
                "operationId": "emulatorRequests",
                "summary": "The request journal (routes outside /emulator)",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000,
                      "default": 100
                    }
                  },
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "200": {
                    "description": "The last requests, oldest first",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "requests": {
                              "type": "array",
                              "items": {
                                "type": "object",
                                "properties": {
                                  "method": {
                                    "type": "string"
                                  },
                                  "path": {
                                    "type": "string"
                                  },
                                  "status": {
                                    "type": "integer"
                                  },
                                  "duration_ms": {
                                    "type": "number",
                                    "minimum": 0
                                  },
                                  "at": {
                                    "type": "string",
                                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                                  },
                                  "query": {
                                    "type": "string",
                                    "minLength": 1,
                                    "description": "Secret values replaced by REDACTED"
                                  },
                                  "correlation_id": {
                                    "type": "string"
                                  }
                                },
                                "required": [
                                  "method",
                                  "path",
                                  "status",
                                  "duration_ms",
                                  "at"
                                ],
                                "additionalProperties": false
                              }
                            }
                          },
                          "required": [
                            "requests"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/emulator/v1/snapshot": {
              "post": {
                "operationId": "emulatorSnapshot",
                "summary": "Save the whole state",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "security": [],
                "responses": {
                  "201": {
                    "description": "The snapshot id",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "id": {
                              "type": "string",
                              "pattern": "^[A-Za-z0-9_-]+$"
                            }
                          },
                          "required": [
                            "id"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "headers": {
                      "Cache-Control": {
                        "$ref": "#/components/headers/CacheControl"
                      },
                      "X-R5-Correlation-Id": {
                        "$ref": "#/components/headers/CorrelationId"
                      }
                    },
                    "links": {
                      "RestoreSnapshot": {
                        "operationId": "emulatorRestore",
                        "description": "The snapshot can be restored",
                        "requestBody": {
                          "id": "$response.body#/id"
                        }
                      }
                    }
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            },
            "/emulator/v1/restore": {
              "post": {
                "operationId": "emulatorRestore",
                "summary": "Replace the whole state with a snapshot",
                "tags": [
                  "emulator"
                ],
                "parameters": [
                  {
                    "$ref": "#/components/parameters/CorrelationId"
                  },
                  {
                    "$ref": "#/components/parameters/AcceptLanguage"
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "id": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": 64,
                            "pattern": "^[A-Za-z0-9_-]+$"
                          }
                        },
                        "required": [
                          "id"
                        ],
                        "additionalProperties": true
                      }
                    }
                  },
                  "description": "JSON object (at most 1 MiB, nesting at most 64 deep); an empty body reads as {}."
                },
                "security": [],
                "responses": {
                  "204": {
                    "$ref": "#/components/responses/NoContent"
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "403": {
                    "$ref": "#/components/responses/CrossSiteRefused"
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "FieldError": {
                "type": "object",
                "properties": {
                  "field": {
                    "type": "string"
                  },
                  "message": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string"
                  }
                },
                "required": [
                  "field",
                  "message",
                  "code"
                ],
                "additionalProperties": false
              },
              "Error": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "minLength": 1
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.invalidEmailOrPassword",
                      "error.email.alreadyInUse",
                      "error.phoneNumber.alreadyInUse",
                      "error.customIdentifier.alreadyInUse",
                      "error.password.tooWeak",
                      "error.password.invalid",
                      "error.invalidRequest",
                      "validation.email",
                      "validation.phoneNumber",
                      "error.invalidToken",
                      "error.insufficientScope",
                      "error.invalidVerificationCode",
                      "error.invalidGrant",
                      "error.invalidClient",
                      "error.webauthn.verificationFailed",
                      "error.profile.fieldNotUpdatable",
                      "error.featureDisabled",
                      "error.notFound",
                      "error.server",
                      "error.accessToken.freshness",
                      "error.tooManyRequests"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A ReachFive error body: every non-2xx answer has one."
              },
              "BadRequestError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "invalid_request",
                      "invalid_grant",
                      "invalid_client",
                      "invalid_scope",
                      "unsupported_grant_type",
                      "password_too_weak",
                      "email_already_exists",
                      "phone_number_already_exists",
                      "custom_identifier_already_exists",
                      "possible_clone"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.invalidEmailOrPassword",
                      "error.email.alreadyInUse",
                      "error.phoneNumber.alreadyInUse",
                      "error.customIdentifier.alreadyInUse",
                      "error.password.tooWeak",
                      "error.password.invalid",
                      "error.invalidRequest",
                      "validation.email",
                      "validation.phoneNumber",
                      "error.invalidVerificationCode",
                      "error.invalidGrant",
                      "error.invalidClient",
                      "error.webauthn.verificationFailed",
                      "error.profile.fieldNotUpdatable",
                      "error.featureDisabled"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 400: a body or parameter that does not meet the contract, bad credentials, an unknown client, a bad code."
              },
              "UnauthorizedError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "invalid_token"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.invalidToken",
                      "error.accessToken.freshness"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 401: the access token is missing, malformed, expired, revoked or of a deleted account; or (error.accessToken.freshness) the login behind it is older than fresh_login_seconds for a password change without the old password."
              },
              "ForbiddenError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "insufficient_scope"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.insufficientScope"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 403: a valid access token without the scope the route requires."
              },
              "NotFoundError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "not_found"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.notFound"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 404: no route for the method and path, or no such resource."
              },
              "Profile": {
                "type": "object",
                "properties": {
                  "uid": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The account id."
                  },
                  "email": {
                    "type": "string"
                  },
                  "email_verified": {
                    "type": "boolean"
                  },
                  "emails": {
                    "type": "object",
                    "properties": {
                      "verified": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        },
                        "maxItems": 1
                      },
                      "unverified": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        },
                        "maxItems": 1
                      }
                    },
                    "required": [
                      "verified",
                      "unverified"
                    ],
                    "additionalProperties": false
                  },
                  "phone_number": {
                    "type": "string",
                    "pattern": "^\\+[0-9]+$",
                    "description": "E.164"
                  },
                  "phone_number_verified": {
                    "type": "boolean"
                  },
                  "custom_identifier": {
                    "type": "string"
                  },
                  "has_password": {
                    "type": "boolean"
                  },
                  "created_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "updated_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "logins_count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "login_summary": {
                    "type": "object",
                    "properties": {
                      "first_login": {
                        "type": "integer",
                        "description": "milliseconds since 1970"
                      },
                      "last_login": {
                        "type": "integer",
                        "description": "milliseconds since 1970"
                      },
                      "total": {
                        "type": "integer",
                        "minimum": 0
                      },
                      "last_provider": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "first_login",
                      "last_login",
                      "total"
                    ],
                    "additionalProperties": false
                  },
                  "first_login": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "last_login": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "last_login_type": {
                    "type": "string"
                  },
                  "lite_only": {
                    "type": "boolean"
                  },
                  "addresses": {
                    "type": "array",
                    "maxItems": 20,
                    "items": {
                      "type": "object",
                      "additionalProperties": {
                        "type": [
                          "string",
                          "number",
                          "boolean",
                          "null"
                        ]
                      }
                    }
                  },
                  "custom_fields": {
                    "type": "object",
                    "additionalProperties": {
                      "anyOf": [
                        {
                          "type": [
                            "string",
                            "number",
                            "boolean"
                          ]
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": [
                              "string",
                              "number",
                              "boolean"
                            ]
                          }
                        }
                      ]
                    }
                  },
                  "consents": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "object",
                      "properties": {
                        "granted": {
                          "type": "boolean"
                        },
                        "date": {
                          "type": "string"
                        },
                        "consent_type": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "granted",
                        "date"
                      ],
                      "additionalProperties": false
                    }
                  },
                  "given_name": {
                    "type": "string"
                  },
                  "middle_name": {
                    "type": "string"
                  },
                  "family_name": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "nickname": {
                    "type": "string"
                  },
                  "birthdate": {
                    "type": "string"
                  },
                  "profile_url": {
                    "type": "string"
                  },
                  "picture": {
                    "type": "string"
                  },
                  "username": {
                    "type": "string"
                  },
                  "gender": {
                    "type": "string"
                  },
                  "locale": {
                    "type": "string"
                  },
                  "bio": {
                    "type": "string"
                  },
                  "company": {
                    "type": "string"
                  },
                  "external_id": {
                    "type": "string"
                  }
                },
                "required": [
                  "uid",
                  "has_password",
                  "created_at",
                  "updated_at",
                  "logins_count"
                ],
                "additionalProperties": false,
                "dependentRequired": {
                  "email": [
                    "email_verified",
                    "emails"
                  ],
                  "phone_number": [
                    "phone_number_verified"
                  ],
                  "login_summary": [
                    "first_login",
                    "last_login"
                  ]
                },
                "description": "An account as the SDK's Profile decodes it. Absent fields are unset."
              },
              "EmulatorAccount": {
                "type": "object",
                "properties": {
                  "uid": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The account id."
                  },
                  "email": {
                    "type": "string"
                  },
                  "email_verified": {
                    "type": "boolean"
                  },
                  "emails": {
                    "type": "object",
                    "properties": {
                      "verified": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        },
                        "maxItems": 1
                      },
                      "unverified": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        },
                        "maxItems": 1
                      }
                    },
                    "required": [
                      "verified",
                      "unverified"
                    ],
                    "additionalProperties": false
                  },
                  "phone_number": {
                    "type": "string",
                    "pattern": "^\\+[0-9]+$",
                    "description": "E.164"
                  },
                  "phone_number_verified": {
                    "type": "boolean"
                  },
                  "custom_identifier": {
                    "type": "string"
                  },
                  "has_password": {
                    "type": "boolean"
                  },
                  "created_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "updated_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "logins_count": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "login_summary": {
                    "type": "object",
                    "properties": {
                      "first_login": {
                        "type": "integer",
                        "description": "milliseconds since 1970"
                      },
                      "last_login": {
                        "type": "integer",
                        "description": "milliseconds since 1970"
                      },
                      "total": {
                        "type": "integer",
                        "minimum": 0
                      },
                      "last_provider": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "first_login",
                      "last_login",
                      "total"
                    ],
                    "additionalProperties": false
                  },
                  "first_login": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "last_login": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "last_login_type": {
                    "type": "string"
                  },
                  "lite_only": {
                    "type": "boolean"
                  },
                  "addresses": {
                    "type": "array",
                    "maxItems": 20,
                    "items": {
                      "type": "object",
                      "additionalProperties": {
                        "type": [
                          "string",
                          "number",
                          "boolean",
                          "null"
                        ]
                      }
                    }
                  },
                  "custom_fields": {
                    "type": "object",
                    "additionalProperties": {
                      "anyOf": [
                        {
                          "type": [
                            "string",
                            "number",
                            "boolean"
                          ]
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": [
                              "string",
                              "number",
                              "boolean"
                            ]
                          }
                        }
                      ]
                    }
                  },
                  "consents": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "object",
                      "properties": {
                        "granted": {
                          "type": "boolean"
                        },
                        "date": {
                          "type": "string"
                        },
                        "consent_type": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "granted",
                        "date"
                      ],
                      "additionalProperties": false
                    }
                  },
                  "given_name": {
                    "type": "string"
                  },
                  "middle_name": {
                    "type": "string"
                  },
                  "family_name": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "nickname": {
                    "type": "string"
                  },
                  "birthdate": {
                    "type": "string"
                  },
                  "profile_url": {
                    "type": "string"
                  },
                  "picture": {
                    "type": "string"
                  },
                  "username": {
                    "type": "string"
                  },
                  "gender": {
                    "type": "string"
                  },
                  "locale": {
                    "type": "string"
                  },
                  "bio": {
                    "type": "string"
                  },
                  "company": {
                    "type": "string"
                  },
                  "external_id": {
                    "type": "string"
                  },
                  "passkeys": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string",
                          "pattern": "^[A-Za-z0-9_-]+$"
                        },
                        "friendly_name": {
                          "type": "string"
                        },
                        "aaguid": {
                          "type": "string"
                        },
                        "sign_count": {
                          "type": "integer",
                          "minimum": 0
                        },
                        "backup_eligible": {
                          "type": "boolean"
                        },
                        "backed_up": {
                          "type": "boolean"
                        }
                      },
                      "required": [
                        "id",
                        "friendly_name",
                        "aaguid",
                        "sign_count",
                        "backup_eligible",
                        "backed_up"
                      ],
                      "additionalProperties": false
                    }
                  }
                },
                "required": [
                  "uid",
                  "has_password",
                  "created_at",
                  "updated_at",
                  "logins_count",
                  "passkeys"
                ],
                "additionalProperties": false,
                "dependentRequired": {
                  "email": [
                    "email_verified",
                    "emails"
                  ],
                  "phone_number": [
                    "phone_number_verified"
                  ],
                  "login_summary": [
                    "first_login",
                    "last_login"
                  ]
                },
                "description": "A Profile with the account's passkeys."
              },
              "TokenResponse": {
                "type": "object",
                "properties": {
                  "access_token": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
                    "description": "An ES256 JWT."
                  },
                  "token_type": {
                    "const": "Bearer"
                  },
                  "expires_in": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "scope": {
                    "type": "string",
                    "description": "The granted scopes, space-separated."
                  },
                  "id_token": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
                    "description": "Only with the openid scope."
                  },
                  "refresh_token": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]+$",
                    "description": "Only with the offline_access scope."
                  }
                },
                "required": [
                  "access_token",
                  "token_type",
                  "expires_in",
                  "scope"
                ],
                "additionalProperties": false
              },
              "CreationOptions": {
                "type": "object",
                "properties": {
                  "friendly_name": {
                    "type": "string",
                    "minLength": 1
                  },
                  "options": {
                    "type": "object",
                    "properties": {
                      "public_key": {
                        "type": "object",
                        "properties": {
                          "rp": {
                            "type": "object",
                            "properties": {
                              "id": {
                                "type": "string"
                              },
                              "name": {
                                "type": "string"
                              }
                            },
                            "required": [
                              "id",
                              "name"
                            ],
                            "additionalProperties": false
                          },
                          "user": {
                            "type": "object",
                            "properties": {
                              "id": {
                                "type": "string",
                                "pattern": "^[A-Za-z0-9_-]+$"
                              },
                              "name": {
                                "type": "string"
                              },
                              "display_name": {
                                "type": "string"
                              }
                            },
                            "required": [
                              "id",
                              "name",
                              "display_name"
                            ],
                            "additionalProperties": false
                          },
                          "challenge": {
                            "type": "string",
                            "pattern": "^[A-Za-z0-9_-]+$"
                          },
                          "pub_key_cred_params": {
                            "type": "array",
                            "minItems": 1,
                            "items": {
                              "type": "object",
                              "properties": {
                                "alg": {
                                  "type": "integer"
                                },
                                "type": {
                                  "const": "public-key"
                                }
                              },
                              "required": [
                                "alg",
                                "type"
                              ],
                              "additionalProperties": false
                            }
                          },
                          "timeout": {
                            "type": "integer",
                            "minimum": 0,
                            "description": "milliseconds"
                          },
                          "exclude_credentials": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "type": {
                                  "const": "public-key"
                                },
                                "id": {
                                  "type": "string",
                                  "pattern": "^[A-Za-z0-9_-]+$"
                                }
                              },
                              "required": [
                                "type",
                                "id"
                              ],
                              "additionalProperties": false
                            }
                          },
                          "authenticator_selection": {
                            "type": "object",
                            "properties": {
                              "resident_key": {
                                "const": "required"
                              },
                              "require_resident_key": {
                                "const": true
                              },
                              "user_verification": {
                                "const": "preferred"
                              }
                            },
                            "required": [
                              "resident_key",
                              "require_resident_key",
                              "user_verification"
                            ],
                            "additionalProperties": false
                          },
                          "attestation": {
                            "const": "none"
                          }
                        },
                        "required": [
                          "rp",
                          "user",
                          "challenge",
                          "pub_key_cred_params",
                          "timeout",
                          "exclude_credentials",
                          "authenticator_selection",
                          "attestation"
                        ],
                        "additionalProperties": false
                      }
                    },
                    "required": [
                      "public_key"
                    ],
                    "additionalProperties": false
                  }
                },
                "required": [
                  "friendly_name",
                  "options"
                ],
                "additionalProperties": false,
                "description": "WebAuthn creation options, snake_case, ids base64url."
              },
              "RequestOptions": {
                "type": "object",
                "properties": {
                  "public_key": {
                    "type": "object",
                    "properties": {
                      "challenge": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]+$"
                      },
                      "rp_id": {
                        "type": "string"
                      },
                      "user_verification": {
                        "const": "preferred"
                      },
                      "timeout": {
                        "type": "integer",
                        "minimum": 0,
                        "description": "milliseconds"
                      },
                      "allow_credentials": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                          "type": "object",
                          "properties": {
                            "type": {
                              "const": "public-key"
                            },
                            "id": {
                              "type": "string",
                              "pattern": "^[A-Za-z0-9_-]+$"
                            }
                          },
                          "required": [
                            "type",
                            "id"
                          ],
                          "additionalProperties": false
                        },
                        "description": "Only when the request named an email or phone_number."
                      }
                    },
                    "required": [
                      "challenge",
                      "rp_id",
                      "user_verification",
                      "timeout"
                    ],
                    "additionalProperties": false
                  }
                },
                "required": [
                  "public_key"
                ],
                "additionalProperties": false,
                "description": "WebAuthn request options, snake_case."
              },
              "DeviceCredential": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]+$"
                  },
                  "friendly_name": {
                    "type": "string"
                  },
                  "created_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  },
                  "aaguid": {
                    "type": "string"
                  },
                  "backup_eligible": {
                    "type": "boolean"
                  },
                  "backed_up": {
                    "type": "boolean"
                  },
                  "last_used_at": {
                    "type": "string",
                    "pattern": "^[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
                  }
                },
                "required": [
                  "id",
                  "friendly_name",
                  "created_at",
                  "aaguid",
                  "backup_eligible",
                  "backed_up"
                ],
                "additionalProperties": false
              },
              "Tkn": {
                "type": "object",
                "properties": {
                  "tkn": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]+$",
                    "description": "Single-use, short-lived; /oauth/authorize takes it."
                  }
                },
                "required": [
                  "tkn"
                ],
                "additionalProperties": false
              },
              "RegistrationCredential": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2048,
                    "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                    "description": "base64url of raw_id"
                  },
                  "raw_id": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                    "maxLength": 2048,
                    "minLength": 1
                  },
                  "type": {
                    "const": "public-key"
                  },
                  "response": {
                    "type": "object",
                    "properties": {
                      "client_data_json": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 32768,
                        "minLength": 1,
                        "description": "base64url of the client data JSON; its challenge names the ceremony"
                      },
                      "attestation_object": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 524288,
                        "minLength": 1
                      },
                      "authenticator_data": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 32768,
                        "minLength": 1
                      },
                      "signature": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 4096,
                        "minLength": 1
                      },
                      "user_handle": {
                        "type": "string",
                        "maxLength": 256,
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$"
                      }
                    },
                    "required": [
                      "client_data_json",
                      "attestation_object"
                    ],
                    "additionalProperties": true
                  }
                },
                "required": [
                  "id",
                  "raw_id",
                  "type",
                  "response"
                ],
                "additionalProperties": true,
                "title": "An attestation (creation) credential"
              },
              "AuthenticationCredential": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2048,
                    "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                    "description": "base64url of raw_id"
                  },
                  "raw_id": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                    "maxLength": 2048,
                    "minLength": 1
                  },
                  "type": {
                    "const": "public-key"
                  },
                  "response": {
                    "type": "object",
                    "properties": {
                      "client_data_json": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 32768,
                        "minLength": 1,
                        "description": "base64url of the client data JSON; its challenge names the ceremony"
                      },
                      "attestation_object": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 524288,
                        "minLength": 1
                      },
                      "authenticator_data": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 32768,
                        "minLength": 1
                      },
                      "signature": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$",
                        "maxLength": 4096,
                        "minLength": 1
                      },
                      "user_handle": {
                        "type": "string",
                        "maxLength": 256,
                        "pattern": "^[A-Za-z0-9_-]*={0,2}$"
                      }
                    },
                    "required": [
                      "client_data_json",
                      "authenticator_data",
                      "signature"
                    ],
                    "additionalProperties": true
                  }
                },
                "required": [
                  "id",
                  "raw_id",
                  "type",
                  "response"
                ],
                "additionalProperties": true,
                "title": "An assertion credential"
              },
              "ProfileInput": {
                "type": "object",
                "properties": {
                  "email": {
                    "type": "string",
                    "maxLength": 320,
                    "format": "email"
                  },
                  "phone_number": {
                    "type": "string",
                    "maxLength": 64,
                    "examples": [
                      "+33612345678"
                    ],
                    "description": "E.164, or national form in the configured default country"
                  },
                  "custom_identifier": {
                    "type": "string",
                    "minLength": 4,
                    "maxLength": 80,
                    "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
                  },
                  "given_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "middle_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "family_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "nickname": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "birthdate": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "profile_url": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "picture": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "username": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "gender": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "locale": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "bio": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "company": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "external_id": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "lite_only": {
                    "type": "boolean"
                  },
                  "addresses": {
                    "type": "array",
                    "maxItems": 20,
                    "items": {
                      "type": "object",
                      "additionalProperties": {
                        "type": [
                          "string",
                          "number",
                          "boolean",
                          "null"
                        ]
                      }
                    },
                    "description": "Flat objects (no nested objects or arrays)."
                  },
                  "custom_fields": {
                    "type": "object",
                    "maxProperties": 100,
                    "additionalProperties": {
                      "anyOf": [
                        {
                          "type": [
                            "string",
                            "number",
                            "boolean"
                          ]
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": [
                              "string",
                              "number",
                              "boolean"
                            ]
                          }
                        }
                      ]
                    }
                  },
                  "consents": {
                    "type": "object",
                    "maxProperties": 100,
                    "additionalProperties": {
                      "type": "object",
                      "properties": {
                        "granted": {
                          "type": "boolean"
                        },
                        "date": {
                          "type": "string"
                        },
                        "consent_type": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "granted"
                      ],
                      "additionalProperties": true
                    }
                  }
                },
                "additionalProperties": true,
                "anyOf": [
                  {
                    "required": [
                      "email"
                    ]
                  },
                  {
                    "required": [
                      "phone_number"
                    ]
                  },
                  {
                    "required": [
                      "custom_identifier"
                    ]
                  }
                ],
                "description": "A new account's profile: at least one identifier."
              },
              "SignupData": {
                "type": "object",
                "properties": {
                  "email": {
                    "type": "string",
                    "maxLength": 320,
                    "format": "email"
                  },
                  "phone_number": {
                    "type": "string",
                    "maxLength": 64,
                    "examples": [
                      "+33612345678"
                    ],
                    "description": "E.164, or national form in the configured default country"
                  },
                  "custom_identifier": {
                    "type": "string",
                    "minLength": 4,
                    "maxLength": 80,
                    "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
                  },
                  "given_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "middle_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "family_name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "name": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "nickname": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "birthdate": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "profile_url": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "picture": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "username": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "gender": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "locale": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "bio": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "company": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "external_id": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "lite_only": {
                    "type": "boolean"
                  },
                  "addresses": {
                    "type": "array",
                    "maxItems": 20,
                    "items": {
                      "type": "object",
                      "additionalProperties": {
                        "type": [
                          "string",
                          "number",
                          "boolean",
                          "null"
                        ]
                      }
                    },
                    "description": "Flat objects (no nested objects or arrays)."
                  },
                  "custom_fields": {
                    "type": "object",
                    "maxProperties": 100,
                    "additionalProperties": {
                      "anyOf": [
                        {
                          "type": [
                            "string",
                            "number",
                            "boolean"
                          ]
                        },
                        {
                          "type": "array",
                          "items": {
                            "type": [
                              "string",
                              "number",
                              "boolean"
                            ]
                          }
                        }
                      ]
                    }
                  },
                  "consents": {
                    "type": "object",
                    "maxProperties": 100,
                    "additionalProperties": {
                      "type": "object",
                      "properties": {
                        "granted": {
                          "type": "boolean"
                        },
                        "date": {
                          "type": "string"
                        },
                        "consent_type": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "granted"
                      ],
                      "additionalProperties": true
                    }
                  },
                  "password": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 1024,
                    "description": "Must reach the configured zxcvbn score; at most 256 bytes"
                  }
                },
                "required": [
                  "password"
                ],
                "additionalProperties": true,
                "anyOf": [
                  {
                    "required": [
                      "email"
                    ]
                  },
                  {
                    "required": [
                      "phone_number"
                    ]
                  },
                  {
                    "required": [
                      "custom_identifier"
                    ]
                  }
                ]
              },
              "SignupRequest": {
                "type": "object",
                "properties": {
                  "client_id": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The configured client id",
                    "examples": [
                      "latchkey-local"
                    ]
                  },
                  "data": {
                    "$ref": "#/components/schemas/SignupData"
                  },
                  "scope": {
                    "type": "string",
                    "description": "Space-separated scopes; empty or absent means openid",
                    "examples": [
                      "openid email profile full_write offline_access"
                    ]
                  },
                  "redirect_url": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "origin": {
                    "type": "string",
                    "description": "A free-text analytics tag; ignored"
                  }
                },
                "required": [
                  "client_id",
                  "data"
                ],
                "additionalProperties": true
              },
              "CrossSiteError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "cross_site_request",
                      "invalid_host"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.invalidRequest"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 403: a POST or DELETE to the emulator API that a browser sent from another site (its Origin names another site or is null, or Sec-Fetch-Site is cross-site)."
              },
              "TooManyRequestsError": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "string",
                    "enum": [
                      "too_many_requests"
                    ]
                  },
                  "error_id": {
                    "type": "string",
                    "pattern": "^[0-9a-f]+$",
                    "description": "The id of the request (also in the server log)."
                  },
                  "error_description": {
                    "type": "string",
                    "description": "A technical, English description."
                  },
                  "error_message_key": {
                    "type": "string",
                    "enum": [
                      "error.tooManyRequests"
                    ]
                  },
                  "error_user_msg": {
                    "type": "string",
                    "description": "A user-facing message, localized from Accept-Language."
                  },
                  "error_details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/FieldError"
                    },
                    "description": "Present only when the error concerns named fields."
                  }
                },
                "required": [
                  "error",
                  "error_id",
                  "error_description",
                  "error_message_key",
                  "error_user_msg"
                ],
                "additionalProperties": false,
                "description": "A 429: a code limit was reached (codes sent to one identifier, or wrong guesses at one account's codes); Retry-After says when to ask again."
              }
            },
            "parameters": {
              "platform": {
                "name": "platform",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "examples": [
                    "ios"
                  ]
                },
                "description": "Sent by the SDKs on every call; ignored (accepted on every route)."
              },
              "sdk": {
                "name": "sdk",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "examples": [
                    "11.0.0"
                  ]
                },
                "description": "Sent by the SDKs on every call; ignored (accepted on every route)."
              },
              "CorrelationId": {
                "name": "X-R5-Correlation-Id",
                "in": "header",
                "required": false,
                "schema": {
                  "type": "string"
                },
                "description": "Echoed in the response."
              },
              "AcceptLanguage": {
                "name": "Accept-Language",
                "in": "header",
                "required": false,
                "schema": {
                  "type": "string",
                  "examples": [
                    "fr-FR,fr;q=0.9"
                  ]
                },
                "description": "Picks the language of error_user_msg."
              }
            },
            "headers": {
              "CorrelationId": {
                "description": "The request's X-R5-Correlation-Id, when it had one.",
                "schema": {
                  "type": "string"
                }
              },
              "CacheControl": {
                "required": true,
                "schema": {
                  "const": "no-store"
                }
              },
              "Location": {
                "required": true,
                "schema": {
                  "type": "string",
                  "minLength": 1
                }
              },
              "WWWAuthenticateInvalidToken": {
                "required": true,
                "schema": {
                  "const": "Bearer error=\"invalid_token\""
                }
              },
              "WWWAuthenticateInsufficientScope": {
                "required": true,
                "schema": {
                  "const": "Bearer error=\"insufficient_scope\""
                }
              },
              "RetryAfter": {
                "required": true,
                "description": "Seconds until the limit lets the request through",
                "schema": {
                  "type": "string",
                  "pattern": "^[1-9][0-9]*$"
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "Invalid request (see error and error_details)",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/BadRequestError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  }
                }
              },
              "Unauthorized": {
                "description": "Missing, malformed, expired or revoked access token",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/UnauthorizedError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  },
                  "WWW-Authenticate": {
                    "$ref": "#/components/headers/WWWAuthenticateInvalidToken"
                  }
                }
              },
              "Forbidden": {
                "description": "The access token lacks the required scope",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ForbiddenError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  },
                  "WWW-Authenticate": {
                    "$ref": "#/components/headers/WWWAuthenticateInsufficientScope"
                  }
                }
              },
              "NotFound": {
                "description": "Not found",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/NotFoundError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  }
                }
              },
              "NoContent": {
                "description": "Done; no body",
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  }
                }
              },
              "Fault": {
                "description": "Any other error: a failure planned with POST /emulator/v1/faults (its status and error, on any route outside /emulator), or 403 invalid_host when the Host header is not one of the server's own names (its address, localhost, 127.0.0.1, [::1] at its port, or allowed_hosts). Always a ReachFive error body.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  }
                }
              },
              "CrossSiteRefused": {
                "description": "A browser sent this request from another site (cross_site_request), or the request named a host that is not this server's (invalid_host): refused, nothing changed",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/CrossSiteError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  }
                }
              },
              "TooManyRequests": {
                "description": "A code limit was reached: too many codes sent to this identifier, or too many wrong codes for this account (limits.* in the configuration; GET /emulator/v1/limits)",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/TooManyRequestsError"
                    }
                  }
                },
                "headers": {
                  "Cache-Control": {
                    "$ref": "#/components/headers/CacheControl"
                  },
                  "X-R5-Correlation-Id": {
                    "$ref": "#/components/headers/CorrelationId"
                  },
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                }
              }
            },
            "securitySchemes": {
              "bearerAuth": {
                "type": "http",
                "scheme": "bearer",
                "bearerFormat": "JWT",
                "description": "An access token from /oauth/token or signup-token. The scheme name is matched case-insensitively."
              }
            }
          }
        }
        """#
}
