from app.tags.main import _main_async as main


async def test_tags():  # @def(testTags, "test_tags")
    err, result = await main({})  # @site(aliasCall, "main") @call(testTags, mainAsync, aliasCall)
    return err, result
