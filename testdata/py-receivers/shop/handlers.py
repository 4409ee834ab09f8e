from django.views import View


class Handler(View):
    def run(self):
        return self.describe()


def report():
    return Handler.describe()
