from typing import Any


async def handle_register(user, *, repos: dict[str, Any]):  # @def(handleRegister, "handle_register")
    await repos["users"].save(user)  # @site(registerSave, "save") @possible(handleRegister, userSave, registerSave)
