from pydantic import BaseModel


class AssetConfiguration(BaseModel):
    name: str = ""

    def render_template(self, template: str) -> str:  # @def(baseRender, "render_template")
        return template


class GlueConfiguration(AssetConfiguration):
    database: str = ""

    def render_template(self, template: str) -> str:  # @def(glueRender, "render_template")
        return template + self.database


def workgroup(data: dict, template: str) -> str:  # @def(workgroup, "workgroup")
    # pydantic's model_validate, inherited from the library, builds the class it is called on
    config = GlueConfiguration.model_validate(data)
    return config.render_template(template)  # @site(validateSite, "render_template") @call(workgroup, glueRender, validateSite)


def renamed(config: GlueConfiguration, template: str) -> str:  # @def(renamed, "renamed")
    copy = config.model_copy(update={"name": "x"})
    return copy.render_template(template)  # @site(copySite, "render_template") @call(renamed, glueRender, copySite)
