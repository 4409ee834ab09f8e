import { Chip } from './chip';
import Tile from './tile';

// Imported, then exported under another name (no `from`): importers of
// Label call Chip, importers of Block call Tile.
export { Chip as Label, Tile as Block };
