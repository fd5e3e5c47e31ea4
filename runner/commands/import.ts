import { UsageError } from '../errors.js'

export default async function (): Promise<number> {
  throw new UsageError('import is not built yet')
}
