export type * from './models/Kyc'
