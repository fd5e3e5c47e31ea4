import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('list is not built yet')
}
