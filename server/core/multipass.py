"""Shopify-compatible multipass tokens (docs/architecture.md, "Accounts, tokens and socket tickets").

token = base64url(iv[16] + AES-128-CBC(json, key=k[:16], iv) + HMAC-SHA256(k[16:], iv + ciphertext)),
where k = SHA-256(shared secret). The MAC is checked first, in constant time, so nothing about the
plaintext or padding is revealed to someone who cannot sign.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
from typing import Any

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from server.core.errors import DomainError, ErrorCode

MAX_TOKEN_CHARS = 8192
BLOCK = 16
MAC_SIZE = 32


class InvalidMultipass(DomainError):
    code = ErrorCode.NOT_AUTHENTICATED
    message = "The multipass token is not valid."


def _keys(secret: str) -> tuple[bytes, bytes]:
    material = hashlib.sha256(secret.encode()).digest()
    return material[:16], material[16:32]


def encode(payload: dict[str, Any], *, secret: str, iv: bytes | None = None) -> str:
    encryption_key, signature_key = _keys(secret)
    iv = iv or os.urandom(BLOCK)
    padder = padding.PKCS7(128).padder()
    plain = padder.update(json.dumps(payload).encode()) + padder.finalize()
    encryptor = Cipher(algorithms.AES(encryption_key), modes.CBC(iv)).encryptor()
    ciphertext = iv + encryptor.update(plain) + encryptor.finalize()
    signature = hmac.new(signature_key, ciphertext, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(ciphertext + signature).decode()


def decode(token: str, *, secret: str) -> dict[str, Any]:
    if not token or len(token) > MAX_TOKEN_CHARS:
        raise InvalidMultipass()
    try:
        raw = base64.urlsafe_b64decode(token.strip() + "=" * (-len(token.strip()) % 4))
    except (binascii.Error, ValueError) as exc:
        raise InvalidMultipass() from exc
    if len(raw) < 2 * BLOCK + MAC_SIZE or (len(raw) - MAC_SIZE) % BLOCK:
        raise InvalidMultipass()
    ciphertext, signature = raw[:-MAC_SIZE], raw[-MAC_SIZE:]
    encryption_key, signature_key = _keys(secret)
    expected = hmac.new(signature_key, ciphertext, hashlib.sha256).digest()
    if not hmac.compare_digest(expected, signature):
        raise InvalidMultipass()
    decryptor = Cipher(algorithms.AES(encryption_key), modes.CBC(ciphertext[:BLOCK])).decryptor()
    padded = decryptor.update(ciphertext[BLOCK:]) + decryptor.finalize()
    try:
        unpadder = padding.PKCS7(128).unpadder()
        plain = unpadder.update(padded) + unpadder.finalize()
        payload = json.loads(plain)
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidMultipass() from exc
    if not isinstance(payload, dict):
        raise InvalidMultipass()
    return payload
