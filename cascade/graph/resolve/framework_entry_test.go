package resolve_test

import (
	"testing"
)

// Entry points say how the framework reaches them: routes with the URL
// their registration (and an including urls.py) gives, hooks by the bases
// of their class, management commands by their file's name.
func TestEntryRoles(t *testing.T) {
	r := indexFixture(t, "django-routes")
	cases := []struct {
		symbol string
		want   []string // summaries
	}{
		{"OrderViewSet.list", []string{"Django REST framework route GET /api/v2/orders/ (OrderViewSet.list)"}},
		{"OrderViewSet.retrieve", []string{"Django REST framework route GET /api/v2/orders/{pk}/ (OrderViewSet.retrieve)"}},
		{"OrderViewSet.ship", []string{"Django REST framework route POST /api/v2/orders/{pk}/ship/"}},
		{"ReportViewSet.weekly", []string{"Django REST framework route GET /weekly/"}},
		{"OrderHistoryView.get", []string{"Django route GET /api/history/ (OrderHistoryView.get)"}},
		{"OrderHistoryView.helper", nil},
		{"OrdersConfig.ready", []string{"Django lifecycle hook OrdersConfig.ready: runs once the app registry is ready (AppConfig.ready)"}},
		{"Command.handle", []string{"command manage.py sync_orders (Django management command)"}},
		{"ping", []string{"Flask route POST /ping"}},
		// Registered by value: the registration says how it is reached.
		{"health", []string{`Django route HTTP /api/health/ (path("health/"))`}},
		{"status", []string{`Flask route HTTP /status (app.add_url_rule("/status"))`}},
	}
	for _, tc := range cases {
		checkRoleSummaries(t, r, tc.symbol, tc.want)
	}
}

func TestRegistrationRoles(t *testing.T) {
	r := indexFixture(t, "go-cli")
	cases := []struct {
		symbol string
		want   []string
	}{
		{"runServe", []string{`command serve (cobra cobra.Command{Use: "serve"})`}},
		{"checkConfig", []string{`command serve (cobra cobra.Command{Use: "serve"})`}},
		{"setup", []string{`command app (cobra cobra.Command{Use: "app"})`}},
		{"listOrders", []string{"gin/echo route GET /orders (g.GET(\"/orders\"))"}},
		{"unused", nil},
	}
	for _, tc := range cases {
		checkRoleSummaries(t, r, tc.symbol, tc.want)
	}
}
