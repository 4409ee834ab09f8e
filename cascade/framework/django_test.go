package framework

import "testing"

func TestSignalSender(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{"Order", "Order"},
		{"models.Order", "Order"},
		{`'orders.Order'`, "Order"},
		{`"Order"`, "Order"},
		{`apps.get_model('orders', 'Order')`, "Order"},
		{`apps.get_model("orders.Order")`, "Order"},
		{"Article.tags.through", "Article.tags.through"},
		{"models.Article.tags.through", "Article.tags.through"},
		{"settings.AUTH_USER_MODEL", UserModelSender},
		{"get_user_model()", UserModelSender},
		{"auth.get_user_model()", UserModelSender},
		{"get_profile_model()", "get_profile_model()"},
	} {
		if got := SignalSender(tc.expr); got != tc.want {
			t.Errorf("SignalSender(%s) = %q, want %q", tc.expr, got, tc.want)
		}
	}
}

func TestIsTestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"blog/tests/test_models.py": true, "blog/tests/factories.py": true, "test/helpers.py": true,
		"blog/test_views.py": true, "blog/views_test.py": true, "blog/views_tests.py": true, "blog/tests.py": true,
		"conftest.py": true, "blog/conftest.py": true,
		"blog/models.py": false, "blog/testing.py": false, "contest/models.py": false, "blog/latest_tests_report/models.py": false,
	} {
		if got := IsTestPath(p); got != want {
			t.Errorf("IsTestPath(%s) = %v, want %v", p, got, want)
		}
	}
}

func TestRefineSignalRole(t *testing.T) {
	sub := func(events ...string) Role {
		return Role{Kind: RoleSubscriber, Bus: "django-signal", Events: events, Summary: "invoked by Django signal"}
	}
	for _, tc := range []struct {
		in   Role
		want RoleKind
	}{
		{sub("request_started"), RoleInvoked},
		{sub("request_started", "request_finished"), RoleInvoked},
		{sub("post_migrate"), RoleLifecycle},
		{sub("post_save"), RoleSubscriber},
		{sub("order_shipped"), RoleSubscriber},
		{sub("request_started", "post_save"), RoleSubscriber},
		{sub("request_started", "post_migrate"), RoleSubscriber},
		{Role{Kind: RoleSubscriber, Bus: "emitter", Events: []string{"request_started"}}, RoleSubscriber},
	} {
		got := RefineSignalRole(tc.in)
		if got.Kind != tc.want {
			t.Errorf("RefineSignalRole(%v) kind %s, want %s", tc.in.Events, got.Kind, tc.want)
		}
		// A refined role still subscribes: an explicit send reaches it.
		if subs := SubscriptionsOf([]Role{got}); len(subs) != len(tc.in.Events) {
			t.Errorf("RefineSignalRole(%v): %d subscriptions, want %d", tc.in.Events, len(subs), len(tc.in.Events))
		}
	}
}

func TestIsSettingsPath(t *testing.T) {
	for p, want := range map[string]bool{
		"site/settings.py": true, "settings.py": true, "site/settings/base.py": true, "site/settings_local.py": true,
		"site/urls.py": false, "blog/user_settings/models.py": false,
	} {
		if got := IsSettingsPath(p); got != want {
			t.Errorf("IsSettingsPath(%s) = %v, want %v", p, got, want)
		}
	}
}
