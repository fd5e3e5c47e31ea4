import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('record is not built yet')
}
