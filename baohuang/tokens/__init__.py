"""API tokens for REST clients (issue #16, item 10).

An account creates, names, scopes (``read`` / ``write``) and revokes its own tokens in the
admin, in the web editor or with ``manage.py create_api_token``. A token is shown once,
when it is made; the database keeps its SHA-256 digest and a visible prefix, never the
token. Clients send it as ``Authorization: Token <key>``
(:class:`~baohuang.tokens.authentication.ApiTokenAuthentication`).
"""
