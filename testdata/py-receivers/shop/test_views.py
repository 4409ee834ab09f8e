from django.test import TestCase


class OrderViewTests(TestCase):
    def test_list(self):
        self.client.filter("x")
        return self.client.get("/orders/")
