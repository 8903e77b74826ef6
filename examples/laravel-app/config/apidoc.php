<?php

return [

    'title' => 'Tasks API',

    'version' => '1.0.0',

    'description' => 'Projects and the tasks in them.',

];
