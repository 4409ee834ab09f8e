from app.main import create_app


def build():  # @def(payBuild, "build")
    return create_app()  # @site(payBuildCall, "create_app") @call(payBuild, payCreate, payBuildCall)
