package store

import "context"

// ConfigRepository's Write has unnamed parameters, a string then a map:
// the grammar reads "string, map[string]any" as two names of an array
// type, gopls as two parameters.
type ConfigRepository interface {
	Read(context.Context, string, []string) (map[string]any, error) // @def(repoRead, "Read") @callers(repoRead, readConfig)
	Write(context.Context, string, map[string]any) ([]string, error)
}

// Deps holds the repository.
type Deps struct {
	Config ConfigRepository
}

func readConfig(ctx context.Context, deps Deps) (map[string]any, error) { // @def(readConfig, "readConfig")
	return deps.Config.Read(ctx, "plugin", nil) // @site(readCall, "Read") @call(readConfig, repoRead, readCall) @dispatch(readConfig, sqliteRead, readCall)
}

// SQLiteRepository implements ConfigRepository.
type SQLiteRepository struct{}

func (r *SQLiteRepository) Read(ctx context.Context, pluginID string, keys []string) (map[string]any, error) { // @def(sqliteRead, "Read") @callers(sqliteRead, readConfig)
	return nil, nil
}

func (r *SQLiteRepository) Write(ctx context.Context, pluginID string, values map[string]any) ([]string, error) {
	return nil, nil
}
