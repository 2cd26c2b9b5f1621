/** Materials: the three tabs, the add and edit screens with image and bill of materials. */
export { AddMaterialScreen } from './add-material-screen';
export { EditMaterialScreen } from './edit-material-screen';
export { MaterialsScreen } from './materials-screen';
