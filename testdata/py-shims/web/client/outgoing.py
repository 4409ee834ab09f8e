class BasicHttpClient(object):
    def request(self, method, *args, **kwargs):  # @def(basicRequest, "request")
        return method

    def post(self, *args, **kwargs):  # @def(basicPost, "post")
        return self.request("POST", *args, **kwargs)  # @site(postRequest, "request") @call(basicPost, basicRequest, postRequest)


class SDKManager:
    def __init__(self):
        self.client = BasicHttpClient()

    def handle(self, output_dir, version):  # @def(sdkHandle, "handle")
        return output_dir


class Component:
    def handle(self):  # @def(componentHandle, "handle") @nocallers(componentHandle)
        return None


class Store:
    def training_examples(self, role):  # @def(storeTraining, "training_examples")
        return role


class Archive:
    def training_examples(self, role):  # @def(archiveTraining, "training_examples") @nocallers(archiveTraining)
        return None


def make_manager(version):  # @def(makeManager, "make_manager")
    # unannotated: returns the local it built, as pyright infers it
    manager = SDKManager()
    manager.version = version
    return manager


def build(out):  # @def(build, "build")
    return make_manager("1.0").handle(out, "1.0")  # @site(makeSite, "make_manager") @site(buildHandle, "handle") @call(build, makeManager, makeSite) @call(build, sdkHandle, buildHandle)
