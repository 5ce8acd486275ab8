export { UploadPage } from './components/UploadPage.tsx'
