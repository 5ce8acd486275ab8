import { boot } from './app/boot.tsx'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root')
void boot(container)
