export type * from '../models'
